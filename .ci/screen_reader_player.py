#!/usr/bin/python3
"""A blind player's stand-in for .ci/screen-reader: plays one round of Hollywood Gin from what
the game's accessibility tree says, read over AT-SPI (pyatspi) as Orca reads it, pressing keys
with xdotool. It sees no pixels: the prompt (the live line described "What to do now"), the
focus, and the items of the list "Your hand". Every line it heard and every key it pressed goes
to standard output. Bounded: 400 steps or 10 minutes. Exit 0 when the round's banner was heard.
"""
import subprocess
import sys
import time

import pyatspi

RANKS = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "jack", "queen", "king"]
start = time.monotonic()


def say(line):
    print(f"{time.monotonic() - start:7.2f}  {line}", flush=True)


def app():
    for a in pyatspi.Registry.getDesktop(0):
        if a is not None and a.name == "hollywood-gin":
            return a
    return None


def walk(o):
    yield o
    for c in o:
        if c is not None:
            yield from walk(c)


def nodes():
    a = app()
    return list(walk(a)) if a is not None else []


def line(description):
    for n in nodes():
        if n.getRoleName() == "label" and n.description == description:
            return n.name
    return None


def focused():
    for n in nodes():
        if pyatspi.STATE_FOCUSED in n.getState().getStates():
            return n.name
    return None


def hand():
    for n in nodes():
        if n.name == "Your hand":
            return [c.name for c in n]
    return []


def key(k):
    say(f"key {k}")
    subprocess.run(["xdotool", "key", "--clearmodifiers", k], check=True)
    time.sleep(0.4)


def points(label):
    rank = label.split(" ")[0]
    return min(RANKS.index(rank) + 1, 10) if rank in RANKS else 0


def walk_to(want):
    """Right arrow until the focus is the card named `want` (the hand's order wraps)."""
    for _ in range(14):
        f = focused() or ""
        if f.split(",")[0] == want:
            return True
        key("Right")
    return False


def heavy_deadwood():
    """The highest deadwood card the hand's list names, by its spoken name."""
    dead = [c for c in hand() if "deadwood" in c]
    if not dead:
        return None
    return max(dead, key=points).split(",")[0]


def names(role):
    return [n.name for n in nodes() if n.getRoleName() == role and n.name]


def menu():
    """The menu the game opens on, read from egui's tree: the page's buttons, the focus on its
    first, Tab to Settings, Enter, a few of its widgets, Esc back, then Play."""
    for _ in range(40):
        if focused():
            break
        time.sleep(0.25)
    say(f"menu, focus: {focused()}")
    say(f"menu buttons: {', '.join(names('push button'))}")
    for _ in range(10):
        if focused() == "Settings":
            break
        key("Tab")
        say(f"focus: {focused()}")
    if focused() != "Settings":
        say("Tab never reached Settings")
        return False
    key("Return")
    time.sleep(0.5)
    say(f"settings, focus: {focused()}")
    for _ in range(4):
        key("Tab")
        say(f"focus: {focused()}")
    radios = names("radio button")
    say(f"settings choices: {', '.join(radios)}")
    key("Escape")
    time.sleep(0.5)
    say(f"back in the menu, focus: {focused()}")
    for _ in range(10):
        if focused() in ("Play", "Continue series"):
            break
        key("Tab")
    say(f"focus: {focused()}")
    key("Return")
    return True


def main():
    # Wait for the game in the registry: the tree exists once AT-SPI asked for it.
    while app() is None:
        if time.monotonic() - start > 60:
            say("the game never appeared on the AT-SPI bus")
            return 1
        time.sleep(0.5)
    say("the game is on the AT-SPI bus")
    window = subprocess.run(["xdotool", "search", "--sync", "--name", "Hollywood Gin"],
                            capture_output=True, text=True).stdout.split()
    if window:
        subprocess.run(["xdotool", "windowfocus", "--sync", window[0]], check=False)
    if not menu():
        return 1
    heard, asked = None, set()
    for _ in range(400):
        if time.monotonic() - start > 600:
            break
        prompt = line("What to do now")
        theirs = line("The opponent's last turn")
        if prompt != heard:
            say(f"heard: {prompt}")
            if theirs:
                say(f"their last turn: {theirs}")
            heard = prompt
        if prompt is None:
            time.sleep(0.5)
            continue
        if prompt.startswith("The menu is open"):
            key("Escape")
        elif "N Next round" in prompt:
            key("c")
            time.sleep(1)
            say(f"asked: {line('What you asked for')}")
            say("the round is over")
            return 0
        elif prompt.startswith("Your turn: the upcard"):
            key("p")
        elif prompt.startswith("Your turn to draw"):
            if theirs and "r" not in asked:
                asked.add("r")
                key("r")
                time.sleep(0.5)
                say(f"asked: {line('What you asked for')}")
            key("Right")
            f = focused() or ""
            say(f"focus: {f}")
            if not f.startswith("The stock"):
                key("Right")
                say(f"focus: {focused()}")
            key("Return")
        elif "Discard:" in prompt or prompt.startswith("Knock:"):
            if "m" not in asked:
                asked.add("m")
                key("m")
                time.sleep(0.5)
                say(f"asked: {line('What you asked for')}")
            if "G Gin" in prompt:
                key("g")
                continue
            card = heavy_deadwood() or hand()[-1].split(",")[0]
            knock = "K Knock" in prompt
            if knock:
                key("k")
            walk_to(card)
            say(f"focus: {focused()}")
            key("Return")
            if not knock:
                key("Return")
        elif prompt.startswith("The computer's melds") or "Lay off:" in prompt:
            if "L Lay off all" in prompt:
                key("l")
            key("d")
        time.sleep(0.5)
    say("the round did not end in time")
    return 1


if __name__ == "__main__":
    sys.exit(main())
