//! Who sits where: the player at [`Seat::P1`] (the bottom of the table), the computer at
//! [`Seat::P2`] (the top). Every file that needs to know asks here,
//! so no file has to import the table's state for it.

use crate::rules::Seat;

/// The human sits at P1, the computer at P2.
pub const HUMAN: Seat = Seat::P1;
pub const COMPUTER: Seat = Seat::P2;
