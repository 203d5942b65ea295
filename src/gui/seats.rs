//! Who sits where: the player at [`Seat::P1`] (the bottom of the table), the computer at
//! [`Seat::P2`] (the top), and what each is called. Every file that needs to know asks here,
//! so no file has to import the table's state for it.

use crate::rules::Seat;

/// The human sits at P1, the computer at P2.
pub const HUMAN: Seat = Seat::P1;
pub const COMPUTER: Seat = Seat::P2;
/// How each seat is named in sentences, by [`Seat::index`].
pub const NAMES: [&str; 2] = ["You", "Computer"];
