//! A real headless Chromium driven through chromedriver's W3C WebDriver API,
//! for testing the explorer page as a person meets it.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

pub struct Browser {
    driver: Child,
    base: String,
    profile: std::path::PathBuf,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
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
        let mut b = Browser { driver, base: format!("http://127.0.0.1:{port}"), profile };
        let started = Instant::now();
        while ureq::get(&format!("{}/status", b.base)).call().is_err() {
            assert!(started.elapsed() < Duration::from_secs(20), "chromedriver did not answer");
            std::thread::sleep(Duration::from_millis(50));
        }
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                         "--disable-background-networking", "--disable-component-update", "--disable-sync",
                         "--window-size=1400,900", format!("--user-data-dir={}", b.profile.display())],
            },
            "goog:loggingPrefs": {"browser": "ALL", "performance": "ALL"},
        }}});
        let session = b.post("/session", caps);
        let id = session["sessionId"].as_str().expect("a session id").to_string();
        b.base = format!("{}/session/{id}", b.base);
        b
    }

    fn post(&self, path: &str, body: Value) -> Value {
        let url = format!("{}{path}", self.base);
        let mut resp = ureq::post(&url).send_json(&body).unwrap_or_else(|e| panic!("POST {path}: {e}"));
        resp.body_mut().read_json::<Value>().unwrap()["value"].take()
    }

    fn get(&self, path: &str) -> Value {
        let url = format!("{}{path}", self.base);
        let mut resp = ureq::get(&url).call().unwrap_or_else(|e| panic!("GET {path}: {e}"));
        resp.body_mut().read_json::<Value>().unwrap()["value"].take()
    }

    /// Opens `url` and waits until the page says it is ready.
    pub fn open(&self, url: &str) -> Duration {
        let started = Instant::now();
        self.post("/url", json!({ "url": url }));
        while self.run("return document.body && document.body.dataset.ready === 'true'") != json!(true) {
            assert!(started.elapsed() < Duration::from_secs(120), "the page did not get ready");
            std::thread::sleep(Duration::from_millis(20));
        }
        started.elapsed()
    }

    /// Runs `script` in the page and returns what it returns.
    pub fn run(&self, script: &str) -> Value {
        self.post("/execute/sync", json!({ "script": script, "args": [] }))
    }

    fn element(&self, css: &str) -> String {
        let v = self.post("/element", json!({ "using": "css selector", "value": css }));
        v[ELEMENT].as_str().unwrap_or_else(|| panic!("no element {css}: {v}")).to_string()
    }

    pub fn click(&self, css: &str) {
        let e = self.element(css);
        self.post(&format!("/element/{e}/click"), json!({}));
    }

    pub fn type_into(&self, css: &str, text: &str) {
        let e = self.element(css);
        self.post(&format!("/element/{e}/clear"), json!({}));
        self.post(&format!("/element/{e}/value"), json!({ "text": text }));
    }

    pub fn text(&self, css: &str) -> String {
        let e = self.element(css);
        self.get(&format!("/element/{e}/text")).as_str().unwrap_or_default().to_string()
    }

    pub fn count(&self, css: &str) -> usize {
        self.post("/elements", json!({ "using": "css selector", "value": css }))
            .as_array()
            .map_or(0, Vec::len)
    }

    /// The browser's console messages at level SEVERE (errors) so far.
    pub fn console_errors(&self) -> Vec<String> {
        let log = self.post("/se/log", json!({ "type": "browser" }));
        log.as_array()
            .into_iter()
            .flatten()
            .filter(|e| e["level"] == "SEVERE")
            .map(|e| e["message"].as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// The URLs the document at `page` asked for, itself excepted (the browser's
    /// own start page, loaded before it, is not counted).
    pub fn requests(&self, page: &str) -> Vec<String> {
        let log = self.post("/se/log", json!({ "type": "performance" }));
        log.as_array()
            .into_iter()
            .flatten()
            .filter_map(|e| serde_json::from_str::<Value>(e["message"].as_str()?).ok())
            .map(|m| m["message"].clone())
            .filter(|m| m["method"] == "Network.requestWillBeSent" && m["params"]["documentURL"] == page)
            .filter_map(|m| m["params"]["request"]["url"].as_str().map(String::from))
            .filter(|u| u != page)
            .collect()
    }

    /// A PNG of the window.
    pub fn screenshot(&self) -> Vec<u8> {
        use base64::Engine;
        let data = self.get("/screenshot");
        base64::engine::general_purpose::STANDARD.decode(data.as_str().unwrap()).unwrap()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = ureq::delete(&self.base).call();
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}
