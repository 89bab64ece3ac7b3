//! A real headless Chromium driven through chromedriver with the `fantoccini`
//! WebDriver client, for testing the explorer page as a person meets it. The
//! tests are synchronous; each call here runs the client on a small runtime.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub use fantoccini::wd::PrintSize;
use fantoccini::wd::{PrintConfiguration, PrintOrientation, WebDriverCompatibleCommand};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

pub struct Browser {
    runtime: tokio::runtime::Runtime,
    client: Option<Client>,
    driver: Child,
    profile: std::path::PathBuf,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// chromedriver's log of one kind (`browser`: the console; `performance`: the
/// DevTools network events), which W3C WebDriver has no command for.
#[derive(Debug)]
struct Log(&'static str);

impl WebDriverCompatibleCommand for Log {
    fn endpoint(&self, base: &url::Url, session: Option<&str>) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/se/log", session.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(json!({ "type": self.0 }).to_string()))
    }
}

impl Browser {
    /// Starts chromedriver on a free loopback port and opens a headless session.
    pub fn start() -> Browser {
        let port = free_port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let profile = std::env::temp_dir().join(format!("gametree-chromium-{}-{port}", std::process::id()));
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let caps = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                         "--disable-background-networking", "--disable-component-update", "--disable-sync",
                         "--window-size=1400,900", format!("--user-data-dir={}", profile.display())],
            },
            "goog:loggingPrefs": {"browser": "ALL", "performance": "ALL"},
        });
        let caps = caps.as_object().unwrap().clone();
        let url = format!("http://127.0.0.1:{port}");
        let started = Instant::now();
        let client = loop {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            match runtime.block_on(ClientBuilder::new(connector).capabilities(caps.clone()).connect(&url)) {
                Ok(c) => break c,
                Err(e) => {
                    assert!(started.elapsed() < Duration::from_secs(20), "chromedriver did not answer: {e}");
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
        };
        Browser { runtime, client: Some(client), driver, profile }
    }

    fn client(&self) -> &Client {
        self.client.as_ref().expect("the session is open")
    }

    /// Opens `url` and waits until the page says it is ready.
    pub fn open(&self, url: &str) -> Duration {
        let started = Instant::now();
        self.runtime.block_on(self.client().goto(url)).unwrap();
        while self.run("return document.body && document.body.dataset.ready === 'true'") != json!(true) {
            assert!(started.elapsed() < Duration::from_secs(120), "the page did not get ready");
            std::thread::sleep(Duration::from_millis(20));
        }
        started.elapsed()
    }

    /// Runs `script` in the page and returns what it returns.
    pub fn run(&self, script: &str) -> Value {
        self.runtime.block_on(self.client().execute(script, Vec::new())).unwrap()
    }

    fn element(&self, css: &str) -> fantoccini::elements::Element {
        self.runtime
            .block_on(self.client().find(Locator::Css(css)))
            .unwrap_or_else(|e| panic!("no element {css}: {e}"))
    }

    pub fn click(&self, css: &str) {
        let e = self.element(css);
        self.runtime.block_on(e.click()).unwrap();
    }

    pub fn type_into(&self, css: &str, text: &str) {
        let e = self.element(css);
        self.runtime.block_on(e.clear()).unwrap();
        self.runtime.block_on(e.send_keys(text)).unwrap();
    }

    pub fn text(&self, css: &str) -> String {
        let e = self.element(css);
        self.runtime.block_on(e.text()).unwrap()
    }

    /// Resizes the browser window (the page sees a somewhat smaller viewport).
    pub fn set_size(&self, width: u32, height: u32) {
        self.runtime.block_on(self.client().set_window_size(width, height)).unwrap();
    }

    /// The page printed to PDF on paper of `size`, as the page lays itself out:
    /// nothing shrunk to fit.
    pub fn print_pdf(&self, size: PrintSize, landscape: bool) -> Vec<u8> {
        let orientation = if landscape { PrintOrientation::Landscape } else { PrintOrientation::Portrait };
        let config = PrintConfiguration::builder()
            .size(size)
            .orientation(orientation)
            .shrink_to_fit(false)
            .background(true)
            .build()
            .unwrap();
        self.runtime.block_on(self.client().print(config)).unwrap()
    }

    /// The resident memory of this browser's page processes, in MB, read from
    /// /proc (Linux): what the tab costs the machine, beyond the script's heap.
    pub fn renderer_mb(&self) -> f64 {
        let profile = format!("--user-data-dir={}", self.profile.display());
        let mut kb = 0u64;
        for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
            let dir = entry.path();
            let Ok(cmd) = std::fs::read(dir.join("cmdline")) else { continue };
            let cmd = String::from_utf8_lossy(&cmd);
            if !cmd.contains("--type=renderer") || !cmd.contains(&profile) {
                continue;
            }
            let status = std::fs::read_to_string(dir.join("status")).unwrap_or_default();
            if let Some(line) = status.lines().find(|l| l.starts_with("VmRSS:")) {
                kb += line.split_whitespace().nth(1).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
            }
        }
        kb as f64 / 1024.0
    }

    pub fn count(&self, css: &str) -> usize {
        self.runtime.block_on(self.client().find_all(Locator::Css(css))).map_or(0, |v| v.len())
    }

    fn log(&self, kind: &'static str) -> Vec<Value> {
        let log = self.runtime.block_on(self.client().issue_cmd(Log(kind))).unwrap();
        log.as_array().cloned().unwrap_or_default()
    }

    /// The browser's console messages at level SEVERE (errors) so far.
    pub fn console_errors(&self) -> Vec<String> {
        self.log("browser")
            .iter()
            .filter(|e| e["level"] == "SEVERE")
            .map(|e| e["message"].as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// The URLs the document at `page` asked for, itself excepted (the browser's
    /// own start page, loaded before it, is not counted).
    pub fn requests(&self, page: &str) -> Vec<String> {
        self.log("performance")
            .iter()
            .filter_map(|e| serde_json::from_str::<Value>(e["message"].as_str()?).ok())
            .map(|m| m["message"].clone())
            .filter(|m| m["method"] == "Network.requestWillBeSent" && m["params"]["documentURL"] == page)
            .filter_map(|m| m["params"]["request"]["url"].as_str().map(String::from))
            .filter(|u| u != page)
            .collect()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if let Some(c) = self.client.take() {
            let _ = self.runtime.block_on(c.close());
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}
