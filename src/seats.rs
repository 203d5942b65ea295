//! Who sits where: the player at [`Seat::P1`] (the bottom of the table, "you" in every
//! sentence), the computer at [`Seat::P2`] (the top). The window, the words and the command
//! line all ask here.

use crate::rules::Seat;

/// The human sits at P1, the computer at P2.
pub const HUMAN: Seat = Seat::P1;
pub const COMPUTER: Seat = Seat::P2;
