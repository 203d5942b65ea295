//! Rule settings.
//!
//! Every field has a serde default, so a settings or save file written by an older version
//! (missing a field added later) still loads with the default for that field. The optional
//! classic bonuses are `Option<u32>`: `None` means off, `Some(points)` on with that value, so the
//! settings screen can offer both the switch and the amount without a second field.

use serde::{Deserialize, Serialize};

/// The rules a series is played under. A running series keeps its own copy, so changing the
/// player's settings never rescores a series in progress.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct RuleSettings {
    /// Bonus for going gin (25 by default; 20 is the other common value).
    pub gin_bonus: u32,
    /// Bonus the defender gets for an undercut.
    pub undercut_bonus: u32,
    /// Most deadwood a player may knock with.
    pub knock_limit: u32,
    /// Points that close a Hollywood game.
    pub game_target: u32,
    /// Whether the card just taken from the discard pile may be discarded in the same turn.
    pub may_discard_taken_card: bool,
    /// Classic line (box) bonus per hand won, added to a game's totals when it closes.
    pub line_bonus: Option<u32>,
    /// Bonus for the winner of a game when it closes.
    pub game_bonus: Option<u32>,
    /// Extra bonus when the loser of a game scored nothing in it.
    pub shutout_bonus: Option<u32>,
    /// Bonus for big gin: all eleven cards melded after drawing, no discard. When off, big gin
    /// is not a separate play (the player discards and goes ordinary gin).
    pub big_gin_bonus: Option<u32>,
}

impl Default for RuleSettings {
    fn default() -> Self {
        RuleSettings {
            gin_bonus: 25,
            undercut_bonus: 10,
            knock_limit: 10,
            game_target: 100,
            may_discard_taken_card: false,
            line_bonus: None,
            game_bonus: None,
            shutout_bonus: None,
            big_gin_bonus: None,
        }
    }
}

impl RuleSettings {
    /// The usual values of the optional bonuses, for a settings screen that switches them on.
    pub const CLASSIC_LINE_BONUS: u32 = 25;
    /// The classic game bonus: to the winner of a game.
    pub const CLASSIC_GAME_BONUS: u32 = 100;
    /// The classic shutout bonus: a game won with the loser never scoring.
    pub const CLASSIC_SHUTOUT_BONUS: u32 = 100;
    /// The classic big gin bonus.
    pub const CLASSIC_BIG_GIN_BONUS: u32 = 31;

    /// The largest values [`RuleSettings::validate`] accepts. Generous next to any table's
    /// rules, and small enough that no score can come near `u32::MAX`: a round scores at most
    /// a bonus plus 100 deadwood points, and a game stops taking points once it reaches its
    /// target.
    pub const MAX_GIN_BONUS: u32 = 100;
    /// The largest undercut bonus a file may ask for.
    pub const MAX_UNDERCUT_BONUS: u32 = 100;
    /// The largest game target a file may ask for.
    pub const MAX_GAME_TARGET: u32 = 1000;
    /// The largest classic bonus a file may ask for.
    pub const MAX_CLASSIC_BONUS: u32 = 1000;

    /// Checks values a hand-edited file could get wrong. A target of 0 would close every game at
    /// once and a knock limit above 10 is not gin rummy; every number has an upper bound (see
    /// [`RuleSettings::MAX_GIN_BONUS`] and its neighbours).
    pub fn validate(&self) -> Result<(), String> {
        if self.game_target == 0 || self.game_target > Self::MAX_GAME_TARGET {
            return Err(format!(
                "game_target {} is not between 1 and {}",
                self.game_target,
                Self::MAX_GAME_TARGET
            ));
        }
        if self.knock_limit > 10 {
            return Err(format!("knock_limit {} is above 10", self.knock_limit));
        }
        let bounded = [
            ("gin_bonus", Some(self.gin_bonus), Self::MAX_GIN_BONUS),
            (
                "undercut_bonus",
                Some(self.undercut_bonus),
                Self::MAX_UNDERCUT_BONUS,
            ),
            ("line_bonus", self.line_bonus, Self::MAX_CLASSIC_BONUS),
            ("game_bonus", self.game_bonus, Self::MAX_CLASSIC_BONUS),
            ("shutout_bonus", self.shutout_bonus, Self::MAX_CLASSIC_BONUS),
            ("big_gin_bonus", self.big_gin_bonus, Self::MAX_CLASSIC_BONUS),
        ];
        for (name, value, max) in bounded {
            if let Some(v) = value
                && v > max
            {
                return Err(format!("{name} {v} is above {max}"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_missing_fields() {
        let d = RuleSettings::default();
        assert_eq!(d.gin_bonus, 25);
        assert_eq!(d.undercut_bonus, 10);
        assert_eq!(d.knock_limit, 10);
        assert_eq!(d.game_target, 100);
        assert!(!d.may_discard_taken_card);
        assert!(d.line_bonus.is_none() && d.game_bonus.is_none());
        assert!(d.shutout_bonus.is_none() && d.big_gin_bonus.is_none());
        // A file that only sets the gin bonus gets defaults for the rest.
        let s: RuleSettings = ron::from_str("(gin_bonus: 20)").unwrap();
        assert_eq!(
            s,
            RuleSettings {
                gin_bonus: 20,
                ..d.clone()
            }
        );
        let back: RuleSettings = ron::from_str(&ron::to_string(&s).unwrap()).unwrap();
        assert_eq!(back, s);
        assert!(
            RuleSettings {
                game_target: 0,
                ..d.clone()
            }
            .validate()
            .is_err()
        );
        assert!(
            RuleSettings {
                knock_limit: 11,
                ..d.clone()
            }
            .validate()
            .is_err()
        );
        assert!(d.validate().is_ok());
    }

    #[test]
    fn every_number_is_bounded() {
        let d = RuleSettings::default();
        let bad = [
            RuleSettings {
                gin_bonus: u32::MAX,
                ..d.clone()
            },
            RuleSettings {
                undercut_bonus: 101,
                ..d.clone()
            },
            RuleSettings {
                game_target: 1001,
                ..d.clone()
            },
            RuleSettings {
                line_bonus: Some(u32::MAX),
                ..d.clone()
            },
            RuleSettings {
                game_bonus: Some(1001),
                ..d.clone()
            },
            RuleSettings {
                shutout_bonus: Some(u32::MAX),
                ..d.clone()
            },
            RuleSettings {
                big_gin_bonus: Some(5000),
                ..d.clone()
            },
        ];
        for r in bad {
            assert!(r.validate().is_err(), "{r:?} must be refused");
        }
        let edge = RuleSettings {
            gin_bonus: RuleSettings::MAX_GIN_BONUS,
            undercut_bonus: 0,
            knock_limit: 0,
            game_target: RuleSettings::MAX_GAME_TARGET,
            line_bonus: Some(RuleSettings::MAX_CLASSIC_BONUS),
            ..d
        };
        assert!(edge.validate().is_ok());
    }
}
