//! Frame-time statistics: how long building a frame takes, the interval between frames and
//! eframe's timing of whole frames, kept apart while the computer thinks (the window must stay
//! smooth then). `MYRIAD_FRAME_STATS=1` prints a summary to stderr every few seconds.

use std::time::Instant;

use super::app::MyriadApp;

/// Frame-time statistics (how long `ui` takes, and the interval between frames).
#[derive(Debug, Default)]
pub(super) struct FrameStats {
    pub last_start: Option<Instant>,
    pub build_ms: Vec<f32>,
    pub interval_ms: Vec<f32>,
    pub thinking_build_ms: Vec<f32>,
    pub thinking_interval_ms: Vec<f32>,
    /// Whole frames as eframe times them (egui pass, tessellation, rendering; no vsync wait).
    pub full_ms: Vec<f32>,
    pub thinking_full_ms: Vec<f32>,
    pub last_print: Option<Instant>,
}

impl FrameStats {
    /// eframe's timing of the previous whole frame, in seconds.
    pub fn record_full_frame(&mut self, seconds: f32, thinking: bool) {
        self.full_ms.push(seconds * 1000.0);
        if thinking {
            self.thinking_full_ms.push(seconds * 1000.0);
        }
    }

    /// Keeps the figures bounded over a long session.
    fn trim(&mut self) {
        for v in [
            &mut self.build_ms,
            &mut self.interval_ms,
            &mut self.thinking_build_ms,
            &mut self.thinking_interval_ms,
            &mut self.full_ms,
            &mut self.thinking_full_ms,
        ] {
            if v.len() > 4000 {
                v.drain(..2000);
            }
        }
    }

    /// Prints the summary line, at most every three seconds.
    fn print_when_due(&mut self, thinking: bool) {
        let due = self
            .last_print
            .is_none_or(|t| t.elapsed().as_secs_f32() > 3.0);
        if !due {
            return;
        }
        self.last_print = Some(Instant::now());
        eprintln!(
            "frame-stats thinking={} build_ms[{}] full_frame_ms[{}] interval_ms[{}] \
             thinking_build_ms[{}] thinking_full_frame_ms[{}] thinking_interval_ms[{}]",
            thinking,
            summary(&self.build_ms),
            summary(&self.full_ms),
            summary(&self.interval_ms),
            summary(&self.thinking_build_ms),
            summary(&self.thinking_full_ms),
            summary(&self.thinking_interval_ms),
        );
    }
}

/// `n=… mean=… p50=… p95=… max=…` of a series of milliseconds.
fn summary(v: &[f32]) -> String {
    if v.is_empty() {
        return "n/a".to_string();
    }
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.total_cmp(b));
    let p = |q: f32| s[((s.len() - 1) as f32 * q) as usize];
    format!(
        "n={} mean={:.2} p50={:.2} p95={:.2} max={:.2}",
        s.len(),
        s.iter().sum::<f32>() / s.len() as f32,
        p(0.5),
        p(0.95),
        s[s.len() - 1]
    )
}

impl MyriadApp {
    /// Frame-time figures: (max ms to build a frame, mean ms between frames) while the
    /// computer was thinking, over the frames seen so far.
    pub fn thinking_frame_stats(&self) -> Option<(f32, f32)> {
        let b = &self.stats.thinking_build_ms;
        let i = &self.stats.thinking_interval_ms;
        if b.is_empty() || i.is_empty() {
            return None;
        }
        let max_b = b.iter().copied().fold(0.0, f32::max);
        let mean_i = i.iter().sum::<f32>() / i.len() as f32;
        Some((max_b, mean_i))
    }

    /// A frame starts: the interval since the last one.
    pub(super) fn frame_begin(&mut self) {
        let now = Instant::now();
        if let Some(last) = self.stats.last_start {
            let dt = now.duration_since(last).as_secs_f32() * 1000.0;
            self.stats.interval_ms.push(dt);
            if self.thinking.is_some() {
                self.stats.thinking_interval_ms.push(dt);
            }
        }
        self.stats.last_start = Some(now);
    }

    /// A frame is drawn: how long it took since [`MyriadApp::frame_begin`].
    pub(super) fn frame_end(&mut self) {
        let Some(start) = self.stats.last_start else {
            return;
        };
        let ms = start.elapsed().as_secs_f32() * 1000.0;
        let thinking = self.thinking.is_some();
        self.stats.build_ms.push(ms);
        if thinking {
            self.stats.thinking_build_ms.push(ms);
        }
        self.stats.trim();
        if self.opts.frame_stats {
            self.stats.print_when_due(thinking);
        }
    }
}
