//! Playing a friend on another computer (plain Rust, no Bevy): the first pieces, testable
//! without a network. [`fair`]: deals neither side can choose, by a commitment to the host's
//! secret half before the guest's nonce is known. [`wire`]: the versioned, length-prefixed,
//! size-capped frames the two games exchange. The transport (a peer-to-peer QUIC engine on its
//! own thread), the referee and the table are still to come.

pub mod fair;
pub mod wire;
