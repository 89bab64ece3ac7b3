//! The request layer (src/request): every door's requests are checked there,
//! once, and its refusals name the option at fault in each door's words.

use gametree::game::Rules;
use gametree::request::analyse::{AnalyseArgs, MctsArgs, Outputs};
use gametree::request::{Door, Opt, Search};

/// Requests each refused, with the option at fault.
fn refused() -> Vec<(AnalyseArgs, Opt)> {
    let mcts = |m: MctsArgs| AnalyseArgs { search: Search::Mcts, mcts: m, ..AnalyseArgs::default() };
    vec![
        (AnalyseArgs { depth: Some(0), ..AnalyseArgs::default() }, Opt::Depth),
        (AnalyseArgs { depth: Some(65), ..AnalyseArgs::default() }, Opt::Depth),
        (AnalyseArgs { max_nodes: Some(0), ..AnalyseArgs::default() }, Opt::MaxNodes),
        (AnalyseArgs { max_nodes: Some(1 << 40), ..AnalyseArgs::default() }, Opt::MaxNodes),
        (AnalyseArgs { threads: Some(0), ..AnalyseArgs::default() }, Opt::Threads),
        (AnalyseArgs { no_prune_on_ties: true, ..AnalyseArgs::default() }, Opt::NoPruneOnTies),
        (AnalyseArgs { show_depth: Some(1), show_line: true, ..AnalyseArgs::default() }, Opt::ShowLine),
        (
            AnalyseArgs {
                mcts: MctsArgs { iterations: Some(5), ..MctsArgs::default() },
                ..AnalyseArgs::default()
            },
            Opt::Iterations,
        ),
        (
            AnalyseArgs { outputs: Outputs { chart: true, ..Outputs::default() }, ..AnalyseArgs::default() },
            Opt::Chart,
        ),
        (
            AnalyseArgs {
                search: Search::Deepening,
                outputs: Outputs { trace: true, ..Outputs::default() },
                ..AnalyseArgs::default()
            },
            Opt::Trace,
        ),
        (mcts(MctsArgs { iterations: Some(0), ..MctsArgs::default() }), Opt::Iterations),
        (AnalyseArgs { max_nodes: Some(1 << 40), ..mcts(MctsArgs::default()) }, Opt::MaxNodes),
        (mcts(MctsArgs { uct_c: Some(f64::NAN), ..MctsArgs::default() }), Opt::UctC),
        (AnalyseArgs { depth: Some(3), ..mcts(MctsArgs::default()) }, Opt::Depth),
        (AnalyseArgs { no_prune_on_ties: true, ..mcts(MctsArgs::default()) }, Opt::NoPruneOnTies),
        (
            AnalyseArgs { outputs: Outputs { efg: true, ..Outputs::default() }, ..mcts(MctsArgs::default()) },
            Opt::Efg,
        ),
        (
            AnalyseArgs {
                outputs: Outputs { html: true, ..Outputs::default() },
                ..mcts(MctsArgs { iterations: Some(100_001), ..MctsArgs::default() })
            },
            Opt::Html,
        ),
    ]
}

#[test]
fn each_refusal_names_the_option_at_fault_in_each_doors_words() {
    for (args, opt) in refused() {
        let r = args.check().expect_err(&format!("{args:?} is refused"));
        assert_eq!(r.option, Some(opt), "{args:?}: {}", r.in_door(Door::Cli));
        let cli = r.in_door(Door::Cli);
        assert!(cli.contains(&format!("--{}", opt.name())), "the command line names --{}: {cli}", opt.name());
        for door in [Door::Python, Door::Page] {
            let said = r.in_door(door);
            assert!(!said.contains("--"), "{door:?} names no flag: {said}");
            assert!(!said.contains('\n') && !said.is_empty(), "one line: {said}");
        }
        let python = r.in_door(Door::Python);
        let keyword = opt.name().replace('-', "_");
        let keyword = match opt {
            Opt::NoPruneOnTies => "prune_on_ties=".to_string(),
            Opt::Html | Opt::Efg => format!("Tree.to_{keyword}()"),
            _ => format!("{keyword}="),
        };
        assert!(python.contains(&keyword), "Python names {keyword}: {python}");
    }
}

#[test]
fn mcts_in_the_page_is_held_to_the_pages_node_budget_and_answers() {
    // The page sent `iterations: 1e9` (1,000,000,000) and never answered: its
    // MCTS took the command line's 50 million nodes, not the page's budget.
    // Through the request layer the tree stops growing at the budget given,
    // as the command line's does, and the answer comes.
    let args = AnalyseArgs {
        search: Search::Mcts,
        max_nodes: Some(2_000),
        threads: Some(1),
        mcts: MctsArgs { iterations: Some(1_000_000_000), ..MctsArgs::default() },
        outputs: Outputs { json: true, ..Outputs::default() },
        ..AnalyseArgs::default()
    };
    let request = args.check().unwrap();
    assert_eq!(request.mcts.max_nodes, 2_000);
    let game = gametree::games::tictactoe::TicTacToe;
    let written = gametree::request::analyse::texts(&game, game.start(), &request).unwrap();
    assert_eq!(written.nodes, 2_000);
    let json: serde_json::Value = serde_json::from_str(written.json.as_deref().unwrap()).unwrap();
    assert_eq!(
        json["mcts"]["end"], "max-nodes",
        "the JSON says the search stopped at its node budget: {}",
        json["mcts"]
    );
    // With a page, every phase of every iteration would be kept: refused at once.
    let page = AnalyseArgs { outputs: Outputs { html: true, ..Outputs::default() }, ..args };
    let r = page.check().unwrap_err();
    assert_eq!(r.option, Some(Opt::Html));
    assert!(r.in_door(Door::Page).contains("iterations 100000 or fewer"), "{}", r.in_door(Door::Page));
}

#[test]
fn a_request_the_doors_agree_on_is_checked_into_what_the_library_runs() {
    let args = AnalyseArgs {
        search: Search::Alphabeta,
        depth: Some(4),
        max_nodes: Some(1000),
        threads: Some(1),
        no_prune_on_ties: true,
        show_line: true,
        ..AnalyseArgs::default()
    };
    let r = args.check().unwrap();
    assert_eq!(r.depth, Some(4));
    assert_eq!(r.limits.max_nodes, 1000);
    assert_eq!(r.rule, gametree::search::alphabeta::Pruning::PastBound);
    assert_eq!(r.scope, gametree::export::scope::Scope::Line);
}

#[test]
fn every_search_is_named_once_for_every_door() {
    for s in Search::ALL {
        assert_eq!(Search::named(s.name()), Some(s));
    }
    let r = gametree::request::check::search("negamax", &Search::ALL).unwrap_err();
    assert_eq!(
        r.in_door(Door::Python),
        "search=\"negamax\": the searches are minimax, alphabeta, deepening, mcts"
    );
    assert_eq!(
        r.in_door(Door::Cli),
        "--search \"negamax\": the searches are minimax, alphabeta, deepening, mcts"
    );
}
