//! The board shows what a goal family needs: the check counters of Three-check in the players'
//! strips, the hill of King of the Hill, and a result banner that names the rule.

#![cfg(feature = "gui")]

mod common;

use common::{harness, play};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use myriad::game::Reason;
use myriad::position::EndRule;
use myriad::types::Color;
use myriad::ui::{Action, MyriadApp};

/// How many widgets carry exactly this label (each strip has its own counter).
fn count(h: &Harness<'static, MyriadApp>, label: &str) -> usize {
    h.query_all_by_label(label).count()
}

#[test]
fn three_check_counts_the_checks_in_the_strips() {
    let mut h = harness("3check");
    assert_eq!(count(&h, "0/3 checks"), 2, "both strips start at 0");
    play(&mut h, &["e4", "e5", "Bc4", "Nc6", "Bxf7+"]);
    assert_eq!(count(&h, "1/3 checks"), 1, "White's check counted");
    assert_eq!(count(&h, "0/3 checks"), 1, "Black has given none");
    // taking the check back takes the count back
    h.state_mut().apply(Action::Undo);
    h.run();
    assert_eq!(count(&h, "1/3 checks"), 0);
    assert_eq!(count(&h, "0/3 checks"), 2);
}

#[test]
fn the_king_on_the_hill_wins_and_the_banner_says_why() {
    let mut h = harness("kingofthehill");
    let hill = h.state().game().goal_squares(Color::White);
    let names: Vec<String> = hill
        .iter()
        .map(|&s| h.state().variant().geometry().name(s))
        .collect();
    assert_eq!(names, ["d4", "e4", "d5", "e5"].map(String::from).to_vec());
    play(&mut h, &["e4", "a6", "Ke2", "a5", "Kd3", "a4", "Kd4"]);
    let o = h
        .state()
        .game()
        .outcome()
        .expect("the king reached the hill");
    assert_eq!(o.winner, Some(Color::White));
    assert_eq!(
        o.reason,
        Reason::Rule(EndRule::Region {
            king: true,
            both: false
        })
    );
    assert!(
        h.query_all_by_label_contains("White wins by the king reaching the goal squares")
            .count()
            >= 1,
        "the banner names the rule"
    );
}
