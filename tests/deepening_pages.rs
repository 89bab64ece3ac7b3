//! What `--search deepening` writes: the iterations in the JSON, the chart
//! (`--chart FILE`, parsed as XML and read point by point against the
//! JSON's counts), and the explorer's Iterations view in a real Chromium,
//! stepping from iteration to iteration with table cut-offs marked apart from
//! alpha-beta's.

use crate::deepening::TEST4_AFTER_TEN;
use crate::support;

use std::fs;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");

/// Tic-tac-toe with five empty points, x to move: small, and full of
/// transpositions from the third ply on.
const TICTACTOE: &str = "xo.ox.... x";

#[test]
fn the_json_and_the_printed_table_hold_every_iteration() {
    let dir = support::Scratch::new("deepening-json");
    let (doc, printed) =
        support::written::deepened(&dir, &["checkers", "--position", TEST4_AFTER_TEN, "--depth", "5"], &[]);
    let d = &doc["deepening"];
    let its = d["iterations"].as_array().unwrap();
    assert_eq!(its.len(), 5);
    let last = &its[4];
    assert_eq!(last["decision"], doc["decision"]["action"]);
    assert_eq!(last["value"], doc["decision"]["value"]);
    // The last iteration's nodes are the tree's unpruned ones.
    let visited = doc["nodes"].as_array().unwrap().iter().filter(|n| n["pruned"] == false).count();
    assert_eq!(last["nodes"].as_u64().unwrap(), visited as u64);
    for (k, it) in its.iter().enumerate() {
        assert_eq!(it["depth"], k + 1);
        assert_eq!(it["principal_variation"].as_array().unwrap().first(), Some(&it["decision"]));
        let row = printed
            .lines()
            .find(|l| {
                l.split_whitespace().next() == Some(&(k + 1).to_string())
                    && l.contains(it["decision"].as_str().unwrap())
            })
            .unwrap_or_else(|| panic!("no row for depth {} in\n{printed}", k + 1));
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells[1], it["nodes"].to_string(), "{row}");
        assert_eq!(cells[2], it["table_cutoffs"].to_string(), "{row}");
        assert_eq!(cells[3], it["cutoffs"].to_string(), "{row}");
        assert_eq!(d["nodes_per_depth"]["deepening"][k], it["nodes"]);
    }
    assert!(printed.contains("visited by the last iteration"), "{printed}");
}

#[test]
fn the_chart_plots_the_counts_on_its_log_axis() {
    let dir = support::Scratch::new("deepening-chart");
    let chart = dir.join("chart.svg");
    let (doc, _) = support::written::deepened(
        &dir,
        &["checkers", "--position", TEST4_AFTER_TEN, "--depth", "5"],
        &["--chart", chart.to_str().unwrap()],
    );
    let text = fs::read_to_string(&chart).unwrap();
    let svg = roxmltree::Document::parse(&text).expect("the chart is well-formed XML");
    let root = svg.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    let counts = &doc["deepening"]["nodes_per_depth"];
    // The y axis: each power of ten's label and height; a point's height must
    // be its count's place between two of them on a log scale.
    let ticks: Vec<(f64, f64)> = svg
        .descendants()
        .filter(|n| n.attribute("class") == Some("tick") && n.attribute("data-value").is_some())
        .map(|n| {
            let v: f64 = n.attribute("data-value").unwrap().parse().unwrap();
            let y: f64 = n.attribute("y").unwrap().parse::<f64>().unwrap() - 5.0;
            (v.log10(), y)
        })
        .collect();
    assert!(ticks.len() >= 3, "labelled decades: {ticks:?}");
    let (lo, hi) = (ticks[0], ticks[ticks.len() - 1]);
    let y_of = |v: f64| lo.1 + (v.log10() - lo.0) / (hi.0 - lo.0) * (hi.1 - lo.1);
    let mut legend = Vec::new();
    for key in ["minimax", "alphabeta", "deepening", "minimal"] {
        let series = svg
            .descendants()
            .find(|n| n.attribute("class") == Some("series") && n.attribute("data-series") == Some(key))
            .unwrap_or_else(|| panic!("no series {key}"));
        let expected = &counts[if key == "minimal" { "minimal_tree" } else { key }];
        let points: Vec<_> = series.descendants().filter(|n| n.attribute("class") == Some("point")).collect();
        assert_eq!(points.len(), expected.as_array().unwrap().len(), "{key}");
        for (k, p) in points.iter().enumerate() {
            let want = expected[k].as_f64().unwrap();
            let plotted: f64 = p.attribute("data-nodes").unwrap().parse().unwrap();
            assert!((plotted - want).abs() <= 0.005, "{key} depth {}: {plotted} vs {want}", k + 1);
            assert_eq!(p.attribute("data-depth"), Some((k + 1).to_string().as_str()));
            let y: f64 = p.attribute("data-y").unwrap().parse().unwrap();
            assert!(
                (y - y_of(want)).abs() < 0.05,
                "{key} depth {}: at {y}, the axis puts {want} at {}",
                k + 1,
                y_of(want)
            );
            // The marker is drawn where the point says it is.
            let d = p.attribute("d").unwrap();
            assert!(d.starts_with('M'), "{d}");
        }
        let words = svg
            .descendants()
            .find(|n| n.attribute("class") == Some("legend-item") && n.attribute("data-series") == Some(key))
            .and_then(|n| n.text())
            .unwrap_or_else(|| panic!("no legend for {key}"));
        legend.push(words.to_string());
    }
    assert!(legend[0].contains("minimax") && legend[1].contains("alpha-beta"), "{legend:?}");
    assert!(legend[2].contains("deepening") && legend[3].contains("minimal tree"), "{legend:?}");
    let all: String = svg.descendants().filter_map(|n| n.text()).collect();
    assert!(all.contains("depth (plies)") && all.contains("nodes searched"), "axis titles");
    // Deepening's last point lies below alpha-beta's.
    let last = counts["depths"].as_array().unwrap().len() - 1;
    assert!(counts["deepening"][last].as_u64() < counts["alphabeta"][last].as_u64());
}

#[test]
fn chart_and_trace_are_refused_where_they_mean_nothing() {
    let out = Command::new(BIN)
        .args(["analyse", "tictactoe", "--position", TICTACTOE, "--search", "alphabeta", "--chart", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--chart draws the iterations of --search deepening")
    );
    let out = Command::new(BIN)
        .args(["analyse", "tictactoe", "--position", TICTACTOE, "--search", "deepening", "--trace", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
}
