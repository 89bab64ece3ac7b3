"""Tree.to_networkx(): the tree as a networkx DiGraph, node for node, with
each node's attributes; without networkx, an ImportError that says how to get
it."""

import sys

import pytest

import gametree

networkx = pytest.importorskip("networkx", reason="needs networkx in the venv: pip install networkx")


def test_the_graph_is_the_tree_with_each_nodes_attributes():
    tree = gametree.analyse("tree", search="alphabeta")
    g = tree.to_networkx()
    assert isinstance(g, networkx.DiGraph)
    assert sorted(g.nodes) == list(range(len(tree)))
    assert sorted(g.edges) == sorted((n.parent, n.id) for n in tree if n.parent is not None)
    assert networkx.is_arborescence(g)
    for n in tree:
        a = g.nodes[n.id]
        assert (a["move"], a["player"], a["depth"], a["position"], a["value"], a["pruned"]) == (
            n.action, n.to_move, n.depth, n.position, n.value, n.pruned
        )
        assert (a.get("alpha"), a.get("beta")) == (n.alpha, n.beta)
        if n.parent is not None:
            assert g.edges[n.parent, n.id]["move"] == n.action
        assert list(g.successors(n.id)) == n.children
    # The names the explorer shows: a labelled tree's nodes by their moves.
    assert [g.nodes[i]["name"] for i in (0, 1, 8)] == ["A", "B", "c2"]
    assert g.nodes[8]["value"] is None and g.nodes[8]["pruned"] and "alpha" not in g.nodes[8]
    assert g.nodes[2]["alpha"] == 3 and g.nodes[2]["beta"] == float("inf")
    assert g.graph["decision"] == "B" and g.graph["value"] == 3 and g.graph["line"] == ["B", "b1"]


def test_a_game_tree_names_nodes_by_id_and_move_and_minimax_has_no_window():
    tree = gametree.analyse("tictactoe", "xx.oo.... x", depth=2)
    g = tree.to_networkx()
    assert len(g) == len(tree)
    first = tree.root.children[0]
    assert g.nodes[first]["name"] == f"#{first} ({tree[first].action})"
    assert not any("alpha" in a or "beta" in a for _, a in g.nodes(data=True))
    assert [g.nodes[c]["value"] for c in tree.root.children] == [tree[c].value for c in tree.root.children]


def test_an_mcts_tree_gives_visits_and_mean_rewards():
    tree = gametree.analyse("tictactoe", search="mcts", iterations=300)
    g = tree.to_networkx()
    assert len(g) == len(tree)
    assert g.nodes[0]["visits"] == 300
    # Every iteration goes down through one of the root's children.
    assert g.nodes[0]["visits"] == sum(g.nodes[c]["visits"] for c in g.successors(0))
    assert all(isinstance(a["value"], float) for _, a in g.nodes(data=True))


def test_without_networkx_the_error_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "networkx", None)
    with pytest.raises(ImportError, match=r"Tree.to_networkx\(\) needs networkx.*pip install networkx"):
        gametree.analyse("tree").to_networkx()


@pytest.mark.parametrize("args", [dict(game="tree", search="alphabeta"), dict(game="tictactoe", position="xx.oo.... x", depth=2)])
def test_every_node_is_named_as_the_json_names_it(args):
    import json

    tree = gametree.analyse(**args)
    named = {n["id"]: n["name"] for n in json.loads(tree.to_json())["nodes"]}
    assert {n.id: n.name for n in tree} == named
    g = tree.to_networkx()
    assert {i: g.nodes[i]["name"] for i in g} == named
