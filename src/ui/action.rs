//! The user's intents. Menus, buttons, the board and the keyboard shortcuts only read the
//! app's state and push an [`Action`]; [`MyriadApp::apply`] carries them out in one place, so
//! every state change of the GUI can be found there (the way the egui examples keep views
//! small and state changes central).
//!
//! [`MyriadApp::apply`]: super::MyriadApp::apply

use std::path::PathBuf;

use crate::game::TimeControl;
use crate::types::Move;

use super::app::{Computer, Tab};
use super::designer::DesignerAction;
use super::files::Purpose;
use super::pieces::{PieceSet, Theme};

/// Something the user asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Open a rules file or bundled game (a path or a bundled name).
    Open(String),
    /// Ask for a file: the native dialog when the desktop has one, else the in-app picker.
    OpenDialog(Purpose),
    /// Ask for a file with the in-app picker, whatever the desktop offers.
    OpenPicker(Purpose),
    /// A dialog or the picker chose this file for this purpose (the dialog closes).
    FileChosen(Purpose, PathBuf),
    /// The in-app picker was cancelled.
    ClosePicker,
    /// Load a game from a PGN file (a file dropped on the window).
    LoadPgn(PathBuf),
    /// Forget the recently opened files.
    ClearRecent,
    /// Re-read the open rules file now.
    Reload,
    /// A new game of the same rules.
    NewGame,
    /// Take back a move (back to the user's turn when the computer plays one side).
    Undo,
    /// Replay an undone move.
    Redo,
    /// The user's move: from the board, or the Keep button (a pass) in the setup phase.
    Play(Move),
    /// Turn the board round.
    Flip,
    /// Show the position after this many plies (`usize::MAX`: back to the game).
    ViewPly(usize),
    /// Step through the moves, back (negative) or forward.
    StepView(i64),
    /// Show a tab of the side panel.
    SetTab(Tab),
    /// Choose which sides the computer plays.
    SetComputer(Computer),
    /// Set the computer's level (1..=10).
    SetLevel(u8),
    /// Show or hide the computer's analysis.
    ShowAnalysis(bool),
    /// Draw the pieces with this set.
    SetPieceSet(PieceSet),
    /// Colour the board with this theme.
    SetTheme(Theme),
    /// Turn the analysis mode (its own search of the position on show) on or off.
    AnalysisMode(bool),
    /// How many best lines the analysis mode shows (1..=5).
    AnalysisLines(usize),
    /// Stop the computer's search and let the user decide (the computer pauses).
    StopThinking,
    /// Play the best move the computer has found so far.
    MoveNow,
    /// Let a paused computer move again.
    ResumeComputer,
    /// A new game under rules that changed on disk and cannot continue this game.
    AcceptChangedRules,
    /// Keep playing the previous rules after the file changed.
    KeepOldRules,
    /// Hide the problems banner.
    DismissProblems,
    /// Take back the game a previous run did not close cleanly on.
    RestoreGame,
    /// Decline (or dismiss) the game offered back.
    DiscardRestore,
    /// Yes: discard the game in progress for the change waiting on the user's answer.
    ConfirmDiscard,
    /// No: keep the game in progress; the waiting change is dropped.
    CancelDiscard,
    /// Show or hide the details (the diagnostics) of the problems on show.
    ShowProblemDetails(bool),
    /// Put the FEN of the position on show on the clipboard.
    CopyFen,
    /// Put the game as PGN on the clipboard.
    CopyPgn,
    /// Read this text (pasted) as a PGN game or a FEN position, and load it.
    Paste(String),
    /// Open the box to paste a FEN or PGN into.
    OpenPasteBox,
    /// The text in the paste box changed.
    EditPasteBox(String),
    /// Close the paste box.
    ClosePasteBox,
    /// The designer's tools: the piece diagram, the source view, editing the rules file.
    Designer(DesignerAction),
    /// Choose the time control of the next new game (`None`: no clock); `true` when it was
    /// set in the custom fields.
    SetTimeControl(Option<TimeControl>, bool),
    /// The human's side resigns.
    Resign,
    /// The human's side offers a draw (the computer answers at once; at one board, the other
    /// side is asked).
    OfferDraw,
    /// The other side accepts the draw offered at one board.
    AcceptDraw,
    /// The other side declines the draw offered at one board.
    DeclineDraw,
    /// Close the window.
    Quit,
}
