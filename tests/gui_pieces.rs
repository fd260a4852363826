//! Piece sets, board themes, the Settings menu, the preferences remembered in the config
//! folder, and pictures named by a rules file (`image ...`), driven through egui_kittest.

#![cfg(feature = "gui")]

use std::path::{Path, PathBuf};

use egui_kittest::kittest::Queryable;
use myriad::ui::{
    cached_textures, Action, Computer, Explicit, MyriadApp, Options, PieceSet, Prefs, Theme,
};
use myriad::variant::look::{look, Figure, PieceImage};

mod common;
use common::*;

fn in_config(dir: &Path) -> Options {
    Options {
        file: Some("chess".into()),
        config_dir: Some(dir.to_path_buf()),
        ..Options::headless()
    }
}

#[test]
fn preferences_survive_a_restart() {
    let dir = temp_dir("restart");
    let mut h = harness_with(in_config(&dir));
    // a fresh folder: the defaults
    let p = h.state().prefs();
    assert_eq!(p.set, Some(PieceSet::Chessnut));
    assert_eq!(p.theme, Some(Theme::Brown));
    assert_eq!(p.flipped, Some(false));
    for a in [
        Action::SetLevel(7),
        Action::SetComputer(Computer::Black),
        Action::SetTheme(Theme::Blue),
        Action::SetPieceSet(PieceSet::Fantasy),
        Action::Flip,
        Action::ShowAnalysis(true),
        Action::AnalysisMode(true),
        Action::AnalysisLines(2),
    ] {
        h.state_mut().apply(a);
    }
    h.run();
    // written on change, before the app closes
    let text = std::fs::read_to_string(dir.join("settings.txt")).unwrap();
    assert!(text.contains("theme=blue"), "{text}");
    assert!(text.contains("pieces=fantasy"), "{text}");
    let before = h.state().prefs();
    drop(h);
    let again = MyriadApp::new(in_config(&dir));
    let p = again.prefs();
    assert_eq!(p.level, Some(7));
    assert_eq!(p.computer, Some(Computer::Black));
    assert_eq!(p.theme, Some(Theme::Blue));
    assert_eq!(p.set, Some(PieceSet::Fantasy));
    assert_eq!(p.flipped, Some(true));
    assert_eq!(p.show_analysis, Some(true));
    assert_eq!(p.analysis_mode, Some(true));
    assert_eq!(p.analysis_lines, Some(2));
    assert!(again.analysis_mode(), "the analysis mode is on again");
    assert_eq!(again.style().set, PieceSet::Fantasy);
    assert!(again.is_flipped());
    // the window and the side panel are remembered too
    let [w, hgt] = before.window.expect("window size");
    assert!(
        (w - 1280.0).abs() < 2.0 && (hgt - 860.0).abs() < 2.0,
        "{w}x{hgt}"
    );
    assert_eq!(p.window, before.window);
    assert!(before.side_width.is_some());
    assert_eq!(
        p.side_width.map(f32::round),
        before.side_width.map(f32::round)
    );
}

#[test]
fn options_given_explicitly_win_over_remembered_ones() {
    let dir = temp_dir("explicit");
    std::fs::write(
        dir.join("settings.txt"),
        "level=8\ncomputer=white\nflip=false\ntheme=green\n",
    )
    .unwrap();
    let app = MyriadApp::new(Options {
        computer: Computer::Black,
        level: 2,
        explicit: Explicit {
            computer: true,
            level: true,
        },
        ..in_config(&dir)
    });
    let p = app.prefs();
    assert_eq!(p.level, Some(2));
    assert_eq!(p.computer, Some(Computer::Black));
    assert_eq!(p.theme, Some(Theme::Green));
    // not given explicitly: the remembered ones stand
    let app = MyriadApp::new(in_config(&dir));
    assert_eq!(app.prefs().level, Some(8));
    assert_eq!(app.prefs().computer, Some(Computer::White));
    // headless: nothing read, nothing written
    let app = MyriadApp::new(Options::headless());
    assert_eq!(app.prefs().theme, Some(Theme::Brown));
    drop(app);
}

#[test]
fn a_corrupt_preferences_file_is_ignored_with_a_note() {
    let dir = temp_dir("corrupt");
    std::fs::write(dir.join("settings.txt"), b"\xff\xfe\x00level=9\n").unwrap();
    let h = harness_with(in_config(&dir));
    assert_eq!(h.state().prefs().level, Some(3));
    let note = h.state().toast().unwrap_or_default().to_string();
    assert!(note.contains("ignored the preferences"), "{note}");
    drop(h);
    // unreadable lines are skipped, the rest still counts
    let (p, bad) = Prefs::parse("level=99\ntheme=blue\nwindow=axb\nnonsense\n# comment\n");
    assert_eq!(p.theme, Some(Theme::Blue));
    assert_eq!(p.level, None);
    assert_eq!(bad.len(), 3, "{bad:?}");
    let dir = temp_dir("corrupt-lines");
    std::fs::write(dir.join("settings.txt"), "theme=green\nlevel=eleven\n").unwrap();
    let h = harness_with(in_config(&dir));
    assert_eq!(h.state().style().theme, Theme::Green);
    assert!(h
        .state()
        .toast()
        .unwrap_or_default()
        .contains("level=eleven"));
}

#[test]
fn the_side_panel_opens_at_its_remembered_width() {
    let dir = temp_dir("panel");
    std::fs::write(dir.join("settings.txt"), "side-panel=420\n").unwrap();
    let h = harness_with(in_config(&dir));
    let w = h.state().prefs().side_width.unwrap();
    assert!((w - 420.0).abs() < 16.0, "side panel {w} wide");
}

#[test]
fn the_settings_menu_switches_set_and_theme() {
    let mut h = harness_with(Options {
        file: Some("chess".into()),
        ..Options::headless()
    });
    assert_eq!(h.state().style().set, PieceSet::Chessnut);
    let textures = cached_textures(&h.ctx);
    assert!(
        textures >= 12,
        "the pieces are drawn from textures ({textures})"
    );
    click_label(&mut h, "Settings");
    click_label(&mut h, "Celtic");
    assert_eq!(h.state().style().set, PieceSet::Celtic);
    h.run();
    assert!(
        cached_textures(&h.ctx) >= textures + 12,
        "the new set is rendered at once"
    );
    if h.query_by_label("Blue").is_none() {
        click_label(&mut h, "Settings");
    }
    click_label(&mut h, "Blue");
    assert_eq!(h.state().style().theme, Theme::Blue);
    // the textures are reused frame after frame, not rendered again
    let n = cached_textures(&h.ctx);
    h.run();
    h.run();
    assert_eq!(cached_textures(&h.ctx), n);
    // Help > About credits the piece sets
    click_label(&mut h, "Help");
    click_label(&mut h, "About Myriad");
    assert!(h.query_by_label_contains("Alexis Luengas").is_some());
    assert!(h.query_by_label_contains("Maurizio Monge").is_some());
}

#[test]
fn fairy_pieces_show_their_orthodox_parts() {
    let v = myriad::rules::load("capablanca").unwrap();
    let by_letter = |c: char| {
        let p = v.piece_from_char(c).unwrap();
        look(v.role(p.role))
    };
    assert_eq!(by_letter('A').figures, [Figure::Bishop, Figure::Knight]);
    assert_eq!(by_letter('C').figures, [Figure::Rook, Figure::Knight]);
    assert_eq!(by_letter('Q').figures, [Figure::Queen]);
    assert_eq!(by_letter('A').badge, None);
    // a fairy game opens and draws with them
    let h = harness_with(Options {
        file: Some("capablanca".into()),
        ..Options::headless()
    });
    assert_eq!(h.state().variant().name(), "Capablanca Chess");
}

const SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45">
<circle cx="22.5" cy="22.5" r="15" fill="#fff" stroke="#000" stroke-width="2"/></svg>"##;

fn rules_with_image(dir: &Path, image: &str) -> PathBuf {
    let path = dir.join("archer.rules");
    std::fs::write(
        &path,
        format!(
            "extends \"chess\"\nname \"Archers\"\npiece Bishop B moves \"B\" value 330 image {image}\n"
        ),
    )
    .unwrap();
    path
}

#[test]
fn a_rules_file_may_name_the_image_of_a_piece() {
    let dir = temp_dir("image");
    std::fs::create_dir_all(dir.join("art")).unwrap();
    std::fs::write(dir.join("art/archer.svg"), SVG).unwrap();
    let path = rules_with_image(&dir, "\"art/archer.svg\"");
    let v = myriad::rules::load(path.to_str().unwrap()).unwrap();
    let b = v.piece_from_char('B').unwrap();
    match &v.role(b.role).image {
        Some(PieceImage::Files(white, None)) => {
            assert!(white.path.ends_with("archer.svg"), "{}", white.path);
            assert!(white.data.starts_with(b"<svg"));
        }
        other => panic!("{other:?}"),
    }
    let h = harness_with(Options {
        file: Some(path.display().to_string()),
        ..Options::headless()
    });
    assert!(h.state().problems().is_none());
    assert_eq!(h.state().variant().name(), "Archers");
    // figures of the set, combined
    let path = rules_with_image(&dir, "bishop+knight");
    let v = myriad::rules::load(path.to_str().unwrap()).unwrap();
    let b = v.piece_from_char('B').unwrap();
    assert_eq!(
        look(v.role(b.role)).figures,
        [Figure::Bishop, Figure::Knight]
    );
}

#[test]
fn an_unknown_image_is_a_clear_error() {
    let dir = temp_dir("bad-image");
    let path = rules_with_image(&dir, "\"missing.svg\"");
    let err = myriad::rules::load(path.to_str().unwrap())
        .unwrap_err()
        .to_string();
    assert!(err.contains("cannot read image file"), "{err}");
    assert!(err.contains("missing.svg`: no such file"), "{err}");
    assert!(err.contains("archer.rules:3:42"), "{err}");
    let path = rules_with_image(&dir, "bishopp");
    let err = myriad::rules::load(path.to_str().unwrap())
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown figure `bishopp`"), "{err}");
    assert!(err.contains("did you mean `bishop`?"), "{err}");
    // the GUI shows the problem and keeps a game on the board
    let h = harness_with(Options {
        file: Some(path.display().to_string()),
        ..Options::headless()
    });
    let p = h.state().problems().expect("problems shown");
    assert!(p.text.contains("unknown figure"), "{}", p.text);
}
