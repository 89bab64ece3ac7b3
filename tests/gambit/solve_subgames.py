"""Solves every subgame of a two-player .efg file of perfect information with
Gambit's solvers (pygambit) and prints one line per inner node: its name and
the first player's equilibrium payoff under each, `NAME LCP FLOAT_LCP LP`:
the LCP on the sequence form in exact rational arithmetic and in floating
point, and the LP on the strategic form in rational arithmetic, or `-` where
the strategic form has more than STRATEGIES pure strategies for a player.

The LP runs on the strategic form because Gambit's sequence-form LP
(`lp_solve` on an extensive game, pygambit 17.0.0b2) returns a profile that is
not a behaviour strategy when the first player is indifferent at an
information set on the path, one with a single action included: every action
gets probability 0 and the payoff is 0. Five lines show it, with no gametree
output involved:

    p "" 1 1 "" { "a" } 0
    p "" 2 1 "" { "l" "d" } 0
    t "" 1 "" { -1, 1 }
    p "" 1 2 "" { "f" } 0
    t "" 2 "" { 0, 0 }

(value -1: the LCP, the strategic-form LP and backward induction say -1; the
sequence-form LP says 0, with `a` at probability 0).

In a game of perfect information every decision node roots a subgame. Its text
in an .efg file is a run of lines in preorder, the node's own line first; that
run under the file's header is a game of its own, which is read and solved
here. gametree's tests call this and compare the payoffs with the tree's values.

Usage: python3 -B solve_subgames.py GAME.efg
"""

import os
import sys
import tempfile

import pygambit as gbt

STRATEGIES = 400


def tokens(line):
    """The tokens of an .efg line: quoted strings (unquoted), braces, words."""
    out, i = [], 0
    while i < len(line):
        c = line[i]
        if c.isspace():
            i += 1
        elif c == '"':
            j, text = i + 1, []
            while line[j] != '"':
                if line[j] == "\\":
                    j += 1
                text.append(line[j])
                j += 1
            out.append(("string", "".join(text)))
            i = j + 1
        else:
            j = i
            while j < len(line) and not line[j].isspace():
                j += 1
            out.append(("word", line[i:j]))
            i = j
    return out


def children(line):
    """How many children the node of this line has: its actions, or none."""
    t = tokens(line)
    if t[0][1] == "t":
        return 0
    if t[0][1] != "p":
        raise SystemExit(f"not a game of perfect information between two players: {line!r}")
    opening = t.index(("word", "{"))
    closing = t.index(("word", "}"), opening)
    return closing - opening - 1


def subtree_end(nodes, i):
    """The index after the last line of the subtree whose root is line i."""
    end = i + 1
    for _ in range(children(nodes[i])):
        end = subtree_end(nodes, end)
    return end


def strategies(nodes, player):
    """How many pure strategies `player` has in the game of these lines: the
    product of the action counts of that player's information sets (one a
    node, in a game of perfect information)."""
    count = 1
    for line in nodes:
        t = tokens(line)
        if t[0][1] == "p" and t[2][1] == str(player):
            count *= children(line)
    return count


def read(path):
    read_efg = getattr(gbt, "read_efg", None)
    return read_efg(path) if read_efg else gbt.Game.read_game(path)


def value(result, game):
    """The first player's payoff in the solver's equilibrium (pygambit 16 lists
    them, 17 gives one)."""
    found = getattr(result, "equilibria", None)
    profile = found[0] if found else getattr(result, "equilibrium", None)
    if profile is None:
        raise SystemExit("a solver found no equilibrium")
    payoff = getattr(profile, "payoff", None)
    if payoff:
        return payoff(game.players[0])
    # pygambit 17: the payoff vector, indexed by the player's label.
    return profile.payoffs[next(iter(game.players))]


def main(path):
    sys.setrecursionlimit(100000)
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    first = next(k for k, l in enumerate(lines) if l[:2] in ("p ", "t ", "c "))
    header, nodes = lines[:first], lines[first:]
    with tempfile.TemporaryDirectory() as tmp:
        for i, line in enumerate(nodes):
            if children(line) == 0:
                continue
            name = tokens(line)[1][1]
            sub = os.path.join(tmp, "subgame.efg")
            subgame = nodes[i:subtree_end(nodes, i)]
            with open(sub, "w", encoding="utf-8") as f:
                f.write("\n".join(header + subgame) + "\n")
            game = read(sub)
            lcp = value(gbt.nash.lcp_solve(game, rational=True), game)
            float_lcp = value(gbt.nash.lcp_solve(game, rational=False), game)
            lp = "-"
            if max(strategies(subgame, 1), strategies(subgame, 2)) <= STRATEGIES:
                lp = value(gbt.nash.lp_solve(game, rational=True, use_strategic=True), game)
            print(name, lcp, float_lcp, lp, flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
