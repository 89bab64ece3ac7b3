"""The Python API's documentation, written once in the package's Python
(gametree/_api.py, gametree/_tree.py): each public function and export says
what each of its keywords does, its examples hold, and its signature is the
native function's it calls, so the two cannot drift apart."""

import doctest
import inspect
import pydoc
import re

import pytest

import gametree
from gametree import _gametree, _tree

FUNCTIONS = ["analyse", "perft", "best", "solve", "games", "textbook_tree"]
# Each export, with the native method the Python one calls.
METHODS = {"to_json": _tree._to_json, "to_dot": _tree._to_dot, "to_efg": _tree._to_efg, "to_html": _tree._to_html}


def _keywords(f):
    return [p for p in inspect.signature(f).parameters if p != "self"]


@pytest.mark.parametrize("name", FUNCTIONS)
def test_help_describes_every_keyword_of_each_function(name):
    f = getattr(gametree, name)
    text = pydoc.render_doc(f, renderer=pydoc.plaintext)
    missing = [k for k in _keywords(f) if not re.search(rf"\b{k}\b", f.__doc__)]
    assert not missing, f"{name}'s documentation says nothing of {missing}"
    assert f.__doc__.strip() in inspect.cleandoc(text) or f.__doc__.splitlines()[0].strip() in text
    assert ">>> " in f.__doc__, f"{name} has no example"


def test_analyse_documents_its_budget_and_its_pruning_rule():
    doc = gametree.analyse.__doc__
    assert re.search(r"max_nodes: refuse a tree of more nodes .*BudgetError", doc)
    assert "prune_on_ties: alpha-beta cuts off when a value reaches the bound" in doc


@pytest.mark.parametrize("name", METHODS)
def test_help_describes_every_keyword_of_each_export(name):
    method = getattr(gametree.Tree, name)
    missing = [k for k in _keywords(method) if not re.search(rf"\b{k}\b", method.__doc__)]
    assert not missing, f"Tree.{name}'s documentation says nothing of {missing}"
    assert f"{name}(self" in pydoc.render_doc(gametree.Tree, renderer=pydoc.plaintext)


@pytest.mark.parametrize("name", FUNCTIONS)
def test_each_function_has_its_native_functions_signature(name):
    _same_signature(getattr(gametree, name), getattr(_gametree, name))


@pytest.mark.parametrize("name", METHODS)
def test_each_export_has_its_native_methods_signature(name):
    _same_signature(getattr(gametree.Tree, name), METHODS[name])


def _same_signature(python, native):
    ours, theirs = inspect.signature(python).parameters, inspect.signature(native).parameters
    assert list(ours) == list(theirs)
    for name, p in theirs.items():
        # The native signature writes a tuple default as `...`.
        if p.default is not Ellipsis:
            assert ours[name].default == p.default, name


def test_a_wrong_keyword_is_pythons_own_type_error():
    with pytest.raises(TypeError, match=r"^analyse\(\) got an unexpected keyword argument 'max_node'$"):
        gametree.analyse("tree", max_node=3)
    tree = gametree.analyse("tree")
    with pytest.raises(TypeError, match=r"^Tree\.to_json\(\) got an unexpected keyword argument 'bytes'$"):
        tree.to_json(bytes=3)
    with pytest.raises(TypeError, match=r"^argument 'depth': "):
        gametree.perft("tictactoe", "3")


def test_the_classes_say_what_they_hold():
    assert "``id`` (construction order" in gametree.Node.__doc__
    assert "``len(tree)`` nodes" in gametree.Tree.__doc__
    assert "max_memory" in gametree.BudgetError.__doc__
    assert issubclass(gametree.BudgetError, RuntimeError)
    assert "principal_variation" in gametree.Tree.iterations.__doc__
    assert gametree.analyse("tree").iterations is None
    assert [i["depth"] for i in gametree.analyse("tree", search="deepening").iterations] == [1, 2]


@pytest.mark.parametrize("name", FUNCTIONS)
def test_the_examples_hold(name):
    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner()
    (test,) = finder.find(getattr(gametree, name), name, globs={"gametree": gametree})
    assert test.examples
    runner.run(test)
    assert runner.failures == 0, name


def test_the_version_is_the_installed_packages():
    from importlib.metadata import PackageNotFoundError, version

    try:
        installed = version("gametree")
    except PackageNotFoundError:
        pytest.skip("gametree is imported from a checkout, not installed")
    assert gametree.__version__ == installed
