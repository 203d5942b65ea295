//! Short sounds for the deal, a draw, a discard, a knock, gin, and a round won or lost.
//!
//! Decisions:
//! - The sounds are synthesised here at start-up (filtered noise for card sounds, a few sine
//!   tones for knock, gin and the round's end), so there are no audio files to license or to
//!   find at run time; `assets/sounds/README.md` says so.
//! - Playing them needs Bevy's audio, which on Linux needs ALSA's development files to build.
//!   So playback is behind the `sound` cargo feature, on by default on Windows and macOS (see
//!   `build.rs`, which sets the `has_sound` cfg) and opt-in on Linux. The synthesis below is
//!   always compiled and tested.
//! - What to play is read from the rules core's move history, so every move makes its sound
//!   whoever made it, and nothing here decides anything.

/// The sounds the table makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A card dealt.
    Deal,
    /// A card drawn.
    Draw,
    /// A card discarded.
    Discard,
    /// A knock.
    Knock,
    /// Gin.
    Gin,
    /// The player won the round.
    Won,
    /// The player lost the round.
    Lost,
}

impl Cue {
    /// Every cue.
    pub const ALL: [Cue; 7] = [
        Cue::Deal,
        Cue::Draw,
        Cue::Discard,
        Cue::Knock,
        Cue::Gin,
        Cue::Won,
        Cue::Lost,
    ];
}

const RATE: u32 = 44_100;

/// A tiny deterministic noise source (xorshift), so every build sounds the same.
struct Noise(u32);
impl Noise {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

/// A card sliding or snapping: a burst of low-passed noise with a fast decay.
fn swish(out: &mut [f32], start: usize, secs: f32, bright: f32, seed: u32) {
    let mut n = Noise(seed | 1);
    let len = (secs * RATE as f32) as usize;
    let mut low = 0.0;
    for i in 0..len {
        let Some(s) = out.get_mut(start + i) else {
            break;
        };
        low += bright * (n.next() - low);
        let t = i as f32 / len as f32;
        let env = (1.0 - t).powi(3) * (t * 40.0).min(1.0);
        *s += low * env * 0.9;
    }
}

/// A plucked tone: a sine with a few harmonics and an exponential decay.
fn tone(out: &mut [f32], start: usize, freq: f32, secs: f32, level: f32) {
    let len = (secs * RATE as f32) as usize;
    for i in 0..len {
        let Some(s) = out.get_mut(start + i) else {
            break;
        };
        let t = i as f32 / RATE as f32;
        let w = std::f32::consts::TAU * freq * t;
        let env = (-t * 6.0 / secs).exp() * (t * 400.0).min(1.0);
        *s += level * env * (w.sin() + 0.3 * (2.0 * w).sin() + 0.1 * (3.0 * w).sin());
    }
}

/// The samples of a cue, mono at 44.1 kHz, within -1..1.
pub fn samples(cue: Cue) -> Vec<f32> {
    let at = |secs: f32| (secs * RATE as f32) as usize;
    let mut out;
    match cue {
        Cue::Deal => {
            out = vec![0.0; at(0.9)];
            for k in 0..10 {
                swish(&mut out, at(k as f32 * 0.075), 0.07, 0.35, 7 + k);
            }
        }
        Cue::Draw => {
            out = vec![0.0; at(0.18)];
            swish(&mut out, 0, 0.16, 0.25, 11);
        }
        Cue::Discard => {
            out = vec![0.0; at(0.14)];
            swish(&mut out, 0, 0.12, 0.6, 23);
        }
        Cue::Knock => {
            out = vec![0.0; at(0.45)];
            for k in 0..2 {
                tone(&mut out, at(k as f32 * 0.16), 110.0, 0.12, 0.5);
                swish(&mut out, at(k as f32 * 0.16), 0.05, 0.8, 31 + k);
            }
        }
        Cue::Gin => {
            out = vec![0.0; at(0.9)];
            for (k, f) in [523.25, 659.25, 783.99, 1046.5].into_iter().enumerate() {
                tone(&mut out, at(k as f32 * 0.1), f, 0.5, 0.28);
            }
        }
        Cue::Won => {
            out = vec![0.0; at(0.7)];
            tone(&mut out, 0, 587.33, 0.35, 0.35);
            tone(&mut out, at(0.15), 880.0, 0.5, 0.35);
        }
        Cue::Lost => {
            out = vec![0.0; at(0.7)];
            tone(&mut out, 0, 392.0, 0.35, 0.35);
            tone(&mut out, at(0.18), 311.13, 0.5, 0.35);
        }
    }
    let peak = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if peak > 0.95 {
        for s in &mut out {
            *s *= 0.95 / peak;
        }
    }
    out
}

/// A cue as a 16-bit PCM WAV file.
#[cfg(any(has_sound, test))]
pub(crate) fn wav(cue: Cue) -> Vec<u8> {
    let pcm: Vec<i16> = samples(cue)
        .iter()
        .map(|s| (s.clamp(-1.0, 1.0) * i16::MAX as f32) as i16)
        .collect();
    let data_len = (pcm.len() * 2) as u32;
    let mut v = Vec::with_capacity(44 + data_len as usize);
    v.extend_from_slice(b"RIFF");
    v.extend_from_slice(&(36 + data_len).to_le_bytes());
    v.extend_from_slice(b"WAVEfmt ");
    v.extend_from_slice(&16u32.to_le_bytes());
    v.extend_from_slice(&1u16.to_le_bytes()); // PCM
    v.extend_from_slice(&1u16.to_le_bytes()); // mono
    v.extend_from_slice(&RATE.to_le_bytes());
    v.extend_from_slice(&(RATE * 2).to_le_bytes());
    v.extend_from_slice(&2u16.to_le_bytes());
    v.extend_from_slice(&16u16.to_le_bytes());
    v.extend_from_slice(b"data");
    v.extend_from_slice(&data_len.to_le_bytes());
    for s in pcm {
        v.extend_from_slice(&s.to_le_bytes());
    }
    v
}

/// The cue for a move, if it makes a sound.
#[cfg(any(has_sound, test))]
pub(crate) fn cue_for(action: &crate::rules::Action) -> Option<Cue> {
    use crate::rules::Action;
    match action {
        Action::TakeUpcard | Action::TakeDiscard | Action::DrawStock => Some(Cue::Draw),
        Action::Discard(_) | Action::LayOff { .. } => Some(Cue::Discard),
        Action::Knock { .. } => Some(Cue::Knock),
        Action::Gin { .. } => Some(Cue::Gin),
        Action::PassUpcard | Action::FinishLayoffs => None,
    }
}

#[cfg(has_sound)]
mod play {
    use std::sync::Arc;

    use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings, Volume};
    use bevy::prelude::*;

    use super::{Cue, cue_for, wav};
    use crate::gui::app::settings::PlayerSettings;
    use crate::gui::table::phase::{DealStage, TableSet, round_key};
    use crate::gui::table::series::{RoundEnd, Series};
    use crate::seats::HUMAN;

    #[derive(Resource)]
    struct Sounds(Vec<(Cue, Handle<AudioSource>)>);

    /// Without Bevy's audio plugin (a headless test, a build whose audio failed to start)
    /// there is nothing to load into, and the table plays on in silence: a missing resource
    /// parameter would make Bevy 0.19 panic.
    fn load(mut commands: Commands, sources: Option<ResMut<Assets<AudioSource>>>) {
        let Some(mut sources) = sources else {
            warn!("no audio: the game plays without sound");
            return;
        };
        let v = Cue::ALL
            .iter()
            .map(|&c| {
                let bytes: Arc<[u8]> = wav(c).into();
                (c, sources.add(AudioSource { bytes }))
            })
            .collect();
        commands.insert_resource(Sounds(v));
    }

    /// What has been sounded already: the moves of the round (by its key) and whether a deal
    /// was under way.
    #[derive(Default)]
    struct Heard {
        seen: Option<((u64, u64), usize)>,
        was_dealing: bool,
    }

    /// Plays the sounds for what happened since the last frame.
    fn play(
        mut commands: Commands,
        sounds: Option<Res<Sounds>>,
        settings: Res<PlayerSettings>,
        series: Res<Series>,
        deal: Option<Res<State<DealStage>>>,
        mut ends: MessageReader<RoundEnd>,
        mut heard: Local<Heard>,
    ) {
        let Heard { seen, was_dealing } = &mut *heard;
        let Some(sounds) = sounds else { return };
        let mut cues = Vec::new();
        // The cards are moving for a deal (not merely waiting to be dealt).
        let active = deal.is_some_and(|d| *d.get() != DealStage::Starting);
        if active && !*was_dealing {
            cues.push(Cue::Deal);
        }
        *was_dealing = active;
        let key = round_key(&series.current);
        let history = series.current.round().history();
        let from = match *seen {
            Some((k, n)) if k == key => n.min(history.len()),
            _ => history.len(),
        };
        cues.extend(history[from..].iter().filter_map(|m| cue_for(&m.action)));
        *seen = Some((key, history.len()));
        for e in ends.read() {
            match e.result.winner {
                Some(w) if w == HUMAN => cues.push(Cue::Won),
                Some(_) => cues.push(Cue::Lost),
                None => {}
            }
        }
        if !settings.sound || cues.is_empty() {
            return;
        }
        let volume = Volume::Linear(settings.volume.clamp(0.0, 1.0));
        cues.dedup();
        for c in cues {
            if let Some((_, h)) = sounds.0.iter().find(|(k, _)| *k == c) {
                commands.spawn((
                    AudioPlayer::new(h.clone()),
                    PlaybackSettings::DESPAWN.with_volume(volume),
                ));
            }
        }
    }

    /// Sound effects.
    pub(crate) struct SoundPlugin;

    impl Plugin for SoundPlugin {
        fn build(&self, app: &mut App) {
            app.add_systems(Startup, load)
                .add_systems(Update, play.after(TableSet::Show));
        }
    }
}

#[cfg(has_sound)]
pub(crate) use play::SoundPlugin;

/// Whether this build plays sound.
pub(crate) const AVAILABLE: bool = cfg!(has_sound);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cue_is_a_short_audible_unclipped_wav() {
        for c in Cue::ALL {
            let s = samples(c);
            let secs = s.len() as f32 / RATE as f32;
            assert!((0.1..=1.0).contains(&secs), "{c:?} lasts {secs} s");
            let peak = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
            assert!(peak > 0.05 && peak <= 0.95 + 1e-6, "{c:?} peak {peak}");
            let w = wav(c);
            assert_eq!(&w[0..4], b"RIFF");
            assert_eq!(&w[8..16], b"WAVEfmt ");
            assert_eq!(
                u32::from_le_bytes(w[4..8].try_into().unwrap()) as usize,
                w.len() - 8
            );
            assert_eq!(
                u32::from_le_bytes(w[40..44].try_into().unwrap()) as usize,
                s.len() * 2
            );
        }
        // Different cues sound different.
        assert_ne!(samples(Cue::Won), samples(Cue::Lost));
        assert_ne!(samples(Cue::Draw), samples(Cue::Discard));
    }

    #[test]
    fn moves_map_to_cues() {
        use crate::rules::Action;
        assert_eq!(cue_for(&Action::DrawStock), Some(Cue::Draw));
        assert_eq!(cue_for(&Action::Gin { discard: None }), Some(Cue::Gin));
        assert_eq!(cue_for(&Action::PassUpcard), None);
    }
}
