"""``Tree.to_networkx()``: a searched tree as a networkx DiGraph, for those who
analyse trees as data. networkx is optional: gametree does not depend on it,
and asking for a graph without it says how to install it."""

def to_networkx(tree):
    """The tree as a ``networkx.DiGraph``: a node per tree node, keyed by its
    id, with an edge from each parent to each child (the edge's ``move`` is the
    action). Each node's attributes: ``name`` (as the explorer shows it),
    ``move`` (None at the root), ``player`` (the side to move there),
    ``depth``, ``position``, ``value`` (None where alpha-beta pruned the node;
    MCTS: the mean reward), ``pruned``, and ``alpha`` and ``beta`` where the
    search has them (alpha-beta's window on entering; ``float('inf')`` and ``-float('inf')`` for ±∞),
    ``visits`` for MCTS. The graph's attributes: ``game``, ``position``,
    ``search``, ``decision``, ``value`` and ``line``.

    >>> g = gametree.analyse("tree", search="alphabeta").to_networkx()
    >>> g.nodes[1]["name"], g.nodes[1]["value"], g.out_degree(0)
    ('B', 3, 3)
    """
    try:
        import networkx
    except ImportError:
        raise ImportError(
            "Tree.to_networkx() needs networkx, which gametree does not install: pip install networkx"
        ) from None
    nodes = list(tree)
    graph = networkx.DiGraph(
        game=tree.game,
        position=tree.position,
        search=tree.search,
        decision=tree.decision,
        value=tree.value,
        line=tree.line,
    )
    for n in nodes:
        attributes = {
            "name": n.name,
            "move": n.action,
            "player": n.to_move,
            "depth": n.depth,
            "position": n.position,
            "value": n.value,
            "pruned": n.pruned,
        }
        if n.alpha is not None:
            attributes["alpha"] = n.alpha
            attributes["beta"] = n.beta
        if n.visits is not None:
            attributes["visits"] = n.visits
        graph.add_node(n.id, **attributes)
        if n.parent is not None:
            graph.add_edge(n.parent, n.id, move=n.action)
    return graph
