//! A real headless Chromium driven through chromedriver, for testing the
//! explorer page as a person meets it. WebDriver is JSON over HTTP; the few
//! commands the tests use are spoken here directly over a loopback socket,
//! one connection a command, so that the suite builds no HTTP or async stack
//! (fantoccini, hyper and tokio were a large part of a fresh test build).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine as _;
use serde_json::{Value, json};

/// Where `name` is on PATH, as the build script looked for it: the calling test
/// was built to run only where it is (a `has_...` cfg), so its absence fails it.
pub fn program(name: &str) -> std::path::PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{name} is not on PATH, and this test needs it"))
}

/// Paper, in centimetres, as WebDriver's print command takes it.
#[derive(Clone, Copy, Debug)]
pub struct PrintSize {
    pub width: f64,
    pub height: f64,
}

impl PrintSize {
    pub const A4: PrintSize = PrintSize { width: 21.0, height: 29.7 };
    pub const US_LETTER: PrintSize = PrintSize { width: 21.59, height: 27.94 };
}

/// What a browser's page processes take, in MB.
#[derive(Clone, Copy, Debug, Default)]
pub struct Memory {
    pub processes: usize,
    /// Resident, as `ps` shows it: each process counts the pages of Chromium's
    /// own code it has touched, though all of them share one copy.
    pub resident: f64,
    /// Resident and the process's own (anonymous and shared memory it made).
    pub private: f64,
    /// Resident, each shared page divided among the processes that map it
    /// (PSS): what the tab costs the machine.
    pub proportional: f64,
}

impl std::fmt::Display for Memory {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(
            f,
            "{:.0} MB proportional (PSS), {:.0} MB private, {:.0} MB resident in {} page processes",
            self.proportional, self.private, self.resident, self.processes
        )
    }
}

/// W3C WebDriver's key for an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A browser the tests share: chromedriver, its Chromium and their session.
struct Driver {
    port: u16,
    session: String,
    child: Child,
    profile: std::path::PathBuf,
    /// The window's size as launched, given back to the next test.
    size: Value,
}

/// What the page's pointer is, as its media queries and events see it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pointer {
    Mouse,
    Touch,
}

impl Pointer {
    /// Blink's own settings for `(pointer)` and `(hover)` (its PointerType
    /// and HoverType bits: fine 4, coarse 2; hover 2, none 1).
    fn blink_settings(self) -> &'static str {
        match self {
            Pointer::Mouse => {
                "--blink-settings=primaryPointerType=4,availablePointerTypes=4,primaryHoverType=2,availableHoverTypes=2"
            }
            Pointer::Touch => {
                "--blink-settings=primaryPointerType=2,availablePointerTypes=2,primaryHoverType=1,availableHoverTypes=1"
            }
        }
    }
}

/// A browser for one test. Most come from a pool and go back to it when the
/// test ends (starting Chromium cost a second of CPU for each of some fifty
/// tests); a test that fails, or one started `alone`, closes its own.
pub struct Browser {
    driver: Option<Driver>,
    pooled: bool,
}

/// Browsers between tests; closed when the test binary exits.
static POOL: std::sync::Mutex<Vec<Driver>> = std::sync::Mutex::new(Vec::new());

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// One HTTP/1.1 exchange with chromedriver: the response's status and JSON body,
/// or why there was none (the driver is not listening yet).
fn exchange(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<(u16, Value), String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    // A page that never answers fails its test instead of hanging the suite.
    s.set_read_timeout(Some(Duration::from_secs(300))).map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json; charset=utf-8\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).and_then(|()| s.write_all(body.as_bytes())).map_err(|e| e.to_string())?;
    // chromedriver keeps the connection open after its answer (even when
    // asked to close it): the response ends where its Content-Length says.
    let mut raw = Vec::new();
    let mut more = |raw: &mut Vec<u8>| -> Result<(), String> {
        let mut buf = [0u8; 1 << 16];
        // A signal that lands in this process (the suite's programs use them)
        // interrupts a read without ending it: read again.
        let n = loop {
            match s.read(&mut buf) {
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                other => break other.map_err(|e| e.to_string())?,
            }
        };
        match n {
            0 => Err("the driver closed the connection mid-answer".into()),
            n => {
                raw.extend_from_slice(&buf[..n]);
                Ok(())
            }
        }
    };
    let end = loop {
        match raw.windows(4).position(|w| w == b"\r\n\r\n") {
            Some(end) => break end,
            None => more(&mut raw)?,
        }
    };
    let headers = String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase();
    let status = headers.split_whitespace().nth(1).and_then(|s| s.parse().ok()).ok_or("no status")?;
    let len = headers
        .lines()
        .find_map(|l| l.strip_prefix("content-length:")?.trim().parse::<usize>().ok())
        .ok_or("no Content-Length")?;
    while raw.len() < end + 4 + len {
        more(&mut raw)?;
    }
    let content = &raw[end + 4..end + 4 + len];
    let value = if content.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(content).map_err(|e| e.to_string())?
    };
    Ok((status, value))
}

impl Driver {
    /// Starts chromedriver on a free loopback port and opens a headless session
    /// whose pointer is `pointer`'s whatever the host has: a machine with no
    /// mouse makes headless Chromium's `(pointer: coarse)` true, and the pages'
    /// touch rules (44 px controls) then met tests written for a mouse.
    fn launch(pointer: Pointer) -> Driver {
        let port = free_port();
        let child = Command::new(program("chromedriver"))
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let profile = std::env::temp_dir().join(format!("gametree-chromium-{}-{port}", std::process::id()));
        let caps = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": program("chromium"),
                "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                         "--disable-background-networking", "--disable-component-update", "--disable-sync",
                         "--window-size=1400,900", pointer.blink_settings(),
                         format!("--user-data-dir={}", profile.display())],
            },
            "goog:loggingPrefs": {"browser": "ALL", "performance": "ALL"},
        });
        let mut driver = Driver { port, session: String::new(), child, profile, size: Value::Null };
        let started = Instant::now();
        let new = json!({ "capabilities": { "alwaysMatch": caps } });
        let value = loop {
            match exchange(port, "POST", "/session", Some(&new)) {
                Ok((200, v)) => break v,
                Ok((status, v)) => panic!("chromedriver refused a session ({status}): {v}"),
                Err(e) => {
                    assert!(started.elapsed() < Duration::from_secs(20), "chromedriver did not answer: {e}");
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
        };
        driver.session = value["value"]["sessionId"].as_str().expect("a session id").to_string();
        let rect = driver.command("GET", "/window/rect", None);
        driver.size = json!({ "width": rect["width"], "height": rect["height"] });
        driver
    }

    /// A command of this session: its status and value, or why there was none.
    fn try_command(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let path = format!("/session/{}{path}", self.session);
        match exchange(self.port, method, &path, body.as_ref())? {
            (200, v) => Ok(v["value"].clone()),
            (status, v) => Err(format!("{method} {path}: {status} {v}")),
        }
    }

    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.try_command(method, path, body).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Leaves the browser as a new one: a blank page, the window's first size.
    /// (The logs are read empty when the next test takes it.)
    fn reset(&self) -> Result<(), String> {
        self.try_command("POST", "/url", Some(json!({ "url": "about:blank" })))?;
        self.try_command("POST", "/window/rect", Some(self.size.clone()))?;
        Ok(())
    }
}

/// Closes the session and the driver, also when `launch` fails half-way.
impl Drop for Driver {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = exchange(self.port, "DELETE", &format!("/session/{}", self.session), None);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Closes the pooled browsers as the test binary exits (libtest has no hook
/// for the end of a run; `exit` runs this).
extern "C" fn close_pool() {
    if let Ok(mut pool) = POOL.try_lock() {
        pool.clear();
    }
}

impl Browser {
    /// A browser from the pool, or a new one.
    pub fn start() -> Browser {
        static CLOSE_AT_EXIT: std::sync::Once = std::sync::Once::new();
        // SAFETY: atexit takes a plain function, called once at exit.
        CLOSE_AT_EXIT.call_once(|| assert_eq!(unsafe { libc::atexit(close_pool) }, 0, "atexit"));
        let pooled = POOL.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let b =
            Browser { driver: Some(pooled.unwrap_or_else(|| Driver::launch(Pointer::Mouse))), pooled: true };
        // What an earlier test left in the logs is not this test's.
        b.log("browser");
        b.log("performance");
        b
    }

    /// A browser of the test's own, never shared: for measuring the memory
    /// its page takes, with no other test's page in its processes.
    pub fn start_alone() -> Browser {
        Browser { driver: Some(Driver::launch(Pointer::Mouse)), pooled: false }
    }

    /// A touch screen's browser, as a phone's or a classroom's interactive
    /// whiteboard: `(pointer: coarse)`, no hover, and touch events (Chromium's
    /// DevTools protocol, through the driver). Tap with [`Browser::tap`]: the
    /// driver's click stays a mouse's. Never pooled, so that no later test
    /// meets a touch screen it did not ask for.
    pub fn start_touch() -> Browser {
        let b = Browser { driver: Some(Driver::launch(Pointer::Touch)), pooled: false };
        let params = json!({ "enabled": true, "maxTouchPoints": 5 });
        let cdp = json!({ "cmd": "Emulation.setTouchEmulationEnabled", "params": params });
        b.command("POST", "/goog/cdp/execute", Some(cdp));
        b
    }

    fn driver(&self) -> &Driver {
        self.driver.as_ref().expect("the session is open")
    }

    /// A command of this session; panics with the driver's message if it fails.
    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.driver().command(method, path, body)
    }

    /// Opens `url` and waits until the page says it is ready.
    pub fn open(&self, url: &str) -> Duration {
        let started = Instant::now();
        self.command("POST", "/url", Some(json!({ "url": url })));
        while self.run("return document.body && document.body.dataset.ready === 'true'") != json!(true) {
            assert!(started.elapsed() < Duration::from_secs(120), "the page did not get ready");
            std::thread::sleep(Duration::from_millis(20));
        }
        let took = started.elapsed();
        // Ready is said before the first frame is painted: a ResizeObserver's
        // first call, which refits the tree and scrolls it home, comes after
        // it, and could undo what the test does first.
        self.settle();
        took
    }

    /// Waits until the page has laid itself out and painted twice since now:
    /// its fonts loaded, its ResizeObservers and animation frames run. For a
    /// size change or a click whose effect the page draws in a frame.
    pub fn settle(&self) {
        let settled = self.run_async(
            "const done = arguments[arguments.length - 1]; \
             const twice = () => requestAnimationFrame(() => requestAnimationFrame(() => done(true))); \
             (document.fonts ? document.fonts.ready : Promise.resolve()).then(twice, twice);",
        );
        assert_eq!(settled, json!(true), "the page did not settle");
    }

    /// How long a script (or the promise it returns) may run before the
    /// driver gives up on it: WebDriver's 30 s unless set. (benches/web.rs:
    /// a 137 MB answer on a loaded machine.)
    pub fn set_script_timeout(&self, limit: Duration) {
        let ms = u64::try_from(limit.as_millis()).unwrap_or(u64::MAX);
        self.command("POST", "/timeouts", Some(json!({ "script": ms })));
    }

    /// Waits until `script` returns true (or a non-empty string), polling;
    /// fails naming the script after a minute. The condition must be one that
    /// only the awaited change can make true: mark what was there before
    /// (a stale frame, an emptied text) when it might already hold.
    pub fn wait_until(&self, script: &str) {
        let started = Instant::now();
        loop {
            let v = self.run(script);
            if v == json!(true) || v.as_str().is_some_and(|s| !s.is_empty()) {
                return;
            }
            assert!(started.elapsed() < Duration::from_secs(60), "waited in vain for: {script}");
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// Runs `script` in the page and returns what it returns.
    pub fn run(&self, script: &str) -> Value {
        self.command("POST", "/execute/sync", Some(json!({ "script": script, "args": [] })))
    }

    fn elements(&self, css: &str) -> Vec<String> {
        let found = self.command("POST", "/elements", Some(json!({ "using": "css selector", "value": css })));
        found.as_array().into_iter().flatten().filter_map(|e| e[ELEMENT].as_str().map(String::from)).collect()
    }

    fn element(&self, css: &str) -> String {
        self.elements(css).into_iter().next().unwrap_or_else(|| panic!("no element {css}"))
    }

    pub fn click(&self, css: &str) {
        let e = self.element(css);
        self.command("POST", &format!("/element/{e}/click"), Some(json!({})));
    }

    pub fn type_into(&self, css: &str, text: &str) {
        let e = self.element(css);
        self.command("POST", &format!("/element/{e}/clear"), Some(json!({})));
        self.command("POST", &format!("/element/{e}/value"), Some(json!({ "text": text })));
    }

    /// Presses and releases a key as the keyboard would, into whatever has
    /// the focus (`\u{E004}`: Tab; WebDriver's codes for the others).
    pub fn press(&self, key: &str) {
        let actions = json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": [
            { "type": "keyDown", "value": key }, { "type": "keyUp", "value": key }] }] });
        self.command("POST", "/actions", Some(actions));
    }

    /// The ids of the toolbar's buttons and fields in sight, its modes left
    /// out.
    pub fn toolbar_shown(&self) -> Value {
        self.run(
            "return [...document.querySelectorAll('#toolbar button, #toolbar input')] \
             .filter(e => e.offsetParent !== null && !e.classList.contains('mode')).map(e => e.id)",
        )
    }

    pub fn text(&self, css: &str) -> String {
        let e = self.element(css);
        self.command("GET", &format!("/element/{e}/text"), None).as_str().unwrap_or_default().to_string()
    }

    /// Resizes the browser window (the page sees a somewhat smaller viewport),
    /// and waits until the page has seen it and laid itself out again.
    pub fn set_size(&self, width: u32, height: u32) {
        self.resize(width, height);
    }

    /// Resizes the window and waits (a few seconds at most) until the page's
    /// window has the size the driver reports (the renderer hears of it after
    /// the driver's answer; a phone's width may be below the window's least).
    fn resize(&self, width: u32, height: u32) {
        let rect = self.command("POST", "/window/rect", Some(json!({ "width": width, "height": height })));
        let want = json!([rect["width"], rect["height"]]);
        let started = Instant::now();
        while self.run("return [window.outerWidth, window.outerHeight]") != want
            && started.elapsed() < Duration::from_secs(5)
        {
            std::thread::sleep(Duration::from_millis(20));
        }
        // The window's outer size is known at once; the viewport's inner one
        // only once the renderer has laid the page out at it.
        self.settle();
    }

    /// Makes the page's viewport exactly `width` x `height` CSS px (what a
    /// projector of that resolution shows), whatever the window adds around it.
    pub fn set_viewport(&self, width: u32, height: u32) {
        self.resize(width, height);
        for _ in 0..20 {
            let inner = self.run("return [window.innerWidth, window.innerHeight]");
            let (w, h) = (inner[0].as_i64().unwrap_or(0), inner[1].as_i64().unwrap_or(0));
            if (w, h) == (i64::from(width), i64::from(height)) {
                self.settle();
                return;
            }
            // The window's size as the driver has it (the page's own reading
            // may lag a resize on a loaded machine: a correction from it was
            // once negative, which the driver refused as out of range).
            let rect = self.command("GET", "/window/rect", None);
            let (ow, oh) = (rect["width"].as_i64().unwrap_or(0), rect["height"].as_i64().unwrap_or(0));
            let (nw, nh) = (ow + i64::from(width) - w, oh + i64::from(height) - h);
            if w <= 0 || h <= 0 || nw <= 0 || nh <= 0 {
                std::thread::sleep(Duration::from_millis(50));
                continue;
            }
            self.resize(nw as u32, nh as u32);
        }
        let inner = self.run("return [window.innerWidth, window.innerHeight]");
        assert_eq!(inner, json!([width, height]), "the viewport could not be made {width}x{height}");
    }

    /// A finger's tap on the middle of the element `css`: touch events, as a
    /// phone sends them.
    pub fn tap(&self, css: &str) {
        let e = self.element(css);
        let mut origin = serde_json::Map::new();
        origin.insert(ELEMENT.to_string(), Value::String(e));
        let actions = json!({ "actions": [{ "type": "pointer", "id": "finger",
            "parameters": { "pointerType": "touch" }, "actions": [
                { "type": "pointerMove", "duration": 0, "origin": origin, "x": 0, "y": 0 },
                { "type": "pointerDown", "button": 0 }, { "type": "pointerUp", "button": 0 }] }] });
        self.command("POST", "/actions", Some(actions));
        self.command("DELETE", "/actions", None);
    }

    /// A PNG of the viewport, written to `path` (to look at as a class would).
    pub fn screenshot(&self, path: &std::path::Path) {
        let png = self.command("GET", "/screenshot", None);
        let bytes =
            base64::engine::general_purpose::STANDARD.decode(png.as_str().expect("a PNG")).expect("base64");
        std::fs::write(path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }

    /// Runs `script`, which ends by calling its last argument (`done`) with
    /// the result, and returns that result.
    pub fn run_async(&self, script: &str) -> Value {
        self.command("POST", "/execute/async", Some(json!({ "script": script, "args": [] })))
    }

    /// The page printed to PDF on paper of `size`, as the page lays itself out:
    /// nothing shrunk to fit.
    pub fn print_pdf(&self, size: PrintSize, landscape: bool) -> Vec<u8> {
        let config = json!({
            "orientation": if landscape { "landscape" } else { "portrait" },
            "page": { "width": size.width, "height": size.height },
            "shrinkToFit": false,
            "background": true,
        });
        let pdf = self.command("POST", "/print", Some(config));
        base64::engine::general_purpose::STANDARD.decode(pdf.as_str().expect("a PDF")).expect("base64")
    }

    /// The memory of this browser's page processes (Linux, from /proc).
    pub fn renderer_memory(&self) -> Memory {
        let profile = format!("--user-data-dir={}", self.driver().profile.display());
        let mut m = Memory::default();
        for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
            let dir = entry.path();
            let Ok(cmd) = std::fs::read(dir.join("cmdline")) else { continue };
            let cmd = String::from_utf8_lossy(&cmd);
            if !cmd.contains("--type=renderer") || !cmd.contains(&profile) {
                continue;
            }
            let kb = |file: &str, key: &str| -> f64 {
                let text = std::fs::read_to_string(dir.join(file)).unwrap_or_default();
                let line = text.lines().find(|l| l.starts_with(key));
                line.and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok()).unwrap_or(0.0) / 1024.0
            };
            m.processes += 1;
            m.resident += kb("status", "VmRSS:");
            m.private += kb("status", "RssAnon:") + kb("status", "RssShmem:");
            m.proportional += kb("smaps_rollup", "Pss:");
        }
        m
    }

    /// How many elements match `css`: counted in the page, since the driver's
    /// own search returns a reference to each of them.
    pub fn count(&self, css: &str) -> usize {
        let script = format!("return document.querySelectorAll({}).length", Value::from(css));
        self.run(&script).as_u64().unwrap_or_else(|| panic!("no count for {css}")) as usize
    }

    /// chromedriver's log of one kind (`browser`: the console; `performance`: the
    /// DevTools network events).
    fn log(&self, kind: &'static str) -> Vec<Value> {
        // chromedriver's own command: W3C WebDriver has none for the logs.
        self.command("POST", "/se/log", Some(json!({ "type": kind }))).as_array().cloned().unwrap_or_default()
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
    /// Back to the pool, unless the test failed (the browser may be stuck) or
    /// it was the test's own.
    fn drop(&mut self) {
        let Some(d) = self.driver.take() else { return };
        // (Otherwise `d` is dropped here, which closes it.)
        if self.pooled && !std::thread::panicking() && d.reset().is_ok() {
            POOL.lock().unwrap_or_else(|e| e.into_inner()).push(d);
        }
    }
}
