//! Myriad: a rules-file interpreter for chess variants.
//!
//! Data flows one way: rules text -> AST ([`rules`]) -> compiled [`variant::Variant`] ->
//! [`position`] and move generation -> [`game`] with its setup phase -> [`search`] -> the
//! command line and the GUI.

#![warn(missing_docs)]

pub mod game;
pub mod playtest;
pub mod position;
pub mod rules;
pub mod search;
pub mod types;
pub mod uci;
#[cfg(feature = "gui")]
pub mod ui;
pub mod variant;
