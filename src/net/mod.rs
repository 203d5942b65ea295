//! Playing a friend on another computer (plain Rust, no Bevy): the first pieces, testable
//! without a network. [`fair`]: deals neither side can choose, by a commitment to the host's
//! secret half before the guest's nonce is known. [`wire`]: the versioned, length-prefixed,
//! size-capped frames the two games exchange. [`referee`]: the host's game checks every move
//! of the guest's with the rules core and shows the guest only its seat's view. The transport
//! (a peer-to-peer QUIC engine on its own thread) and the table are still to come.

pub mod fair;
pub mod referee;
pub mod told;
pub mod wire;
