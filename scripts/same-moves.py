#!/usr/bin/env python3
"""Two builds of `cheversi` play alike: the same move, value, depth, node
count and line on fixed positions with a fixed node budget (no clock, no
noise). For changes that must not change play, such as moving code.

    scripts/same-moves.py OLD_BINARY NEW_BINARY [--nodes N] [--per-game K]

The positions are prefixes of the shipped puzzles' games (every Cheversi
rule set, the duel and two-knights) and the start of each game. Exit 1 on
the first difference, printing both answers."""
import argparse
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "crates/engine/data/puzzles.txt"


def positions(per_game):
    """(args, label) for each position: a few prefixes per game kind."""
    by_game = {}
    for line in PUZZLES.read_text().splitlines():
        if line.startswith("#"):
            continue
        # game rating goal moves line, after an id where one is given
        fields = line.split()
        game, moves = fields[-5], fields[-2].split(",")
        by_game.setdefault(game, []).append(moves)
    out = []
    for game, lines in sorted(by_game.items()):
        if game in ("duel", "two-knights"):
            base = ["--game", "attrition", "--variant", game]
        elif game == "cheversi":
            continue
        else:
            base = ["--rules", game]
        out.append((base + ["--moves", ""], f"{game} start"))
        step = max(1, len(lines) // per_game)
        for i, moves in enumerate(lines[::step][:per_game]):
            cut = (len(moves) * (i + 1)) // (per_game + 1)
            prefix = " ".join(moves[:cut])
            out.append((base + ["--moves", prefix], f"{game} after {cut}"))
    return out


def answer(binary, args, nodes):
    run = subprocess.run(
        [binary, "bestmove", "--nodes", str(nodes), "--json", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode != 0:
        return {"error": run.stderr.strip()}
    value = json.loads(run.stdout)
    value.pop("ms", None)
    return value


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--nodes", type=int, default=200_000)
    parser.add_argument("--per-game", type=int, default=6)
    a = parser.parse_args()
    checked = 0
    for args, label in positions(a.per_game):
        old, new = answer(a.old, args, a.nodes), answer(a.new, args, a.nodes)
        if old != new:
            print(f"differs: {label}\n  old: {old}\n  new: {new}")
            sys.exit(1)
        checked += 1
    print(f"{checked} passed, 0 failed")


if __name__ == "__main__":
    main()
