"""A minimal W3C WebDriver client for Debian's headless Chromium through
chromedriver (the Rust suite's tests/support/browser.rs, in Python, for the
front-end tests): a session, scripts, frames, screenshots and the network log."""

import base64
import json
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


def available() -> bool:
    return Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Browser:
    """Headless Chromium at 1366x768, its network log kept."""

    def __init__(self):
        self.port = free_port()
        self.driver = subprocess.Popen(
            [CHROMEDRIVER, f"--port={self.port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        self.profile = tempfile.mkdtemp(prefix="gametree-py-chromium-")
        caps = {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--window-size=1366,768", f"--user-data-dir={self.profile}",
                ],
            },
            "goog:loggingPrefs": {"browser": "ALL", "performance": "ALL"},
        }
        deadline = time.monotonic() + 30
        while True:
            try:
                value = self._exchange("POST", "/session", {"capabilities": {"alwaysMatch": caps}})
                break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline:
                    self.close()
                    raise
                time.sleep(0.1)
        self.session = value["sessionId"]

    def _exchange(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=120) as r:
                return json.loads(r.read())["value"]
        except urllib.error.HTTPError as e:
            raise RuntimeError(f"{method} {path}: {e.code} {e.read()[:500]!r}") from None

    def command(self, method, path, body=None):
        return self._exchange(method, f"/session/{self.session}{path}", body)

    def go(self, url):
        self.command("POST", "/url", {"url": url})

    def run(self, script, *args):
        return self.command("POST", "/execute/sync", {"script": script, "args": list(args)})

    def wait_for(self, script, timeout=120, what="the page"):
        """Runs `script` until it returns something true; returns that."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.run(script)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}: {script}")
            time.sleep(0.25)

    def element(self, css):
        found = self.command("POST", "/element", {"using": "css selector", "value": css})
        return next(iter(found.values()))

    def click(self, css):
        self.command("POST", f"/element/{self.element(css)}/click", {})

    def frame(self, element_ref=None):
        """Into the frame given by a WebDriver element (None: back to the top)."""
        if element_ref is None:
            self.command("POST", "/frame", {"id": None})
        else:
            self.command("POST", "/frame", {"id": {"element-6066-11e4-a52e-4f735466cecf": element_ref}})

    def elements(self, css):
        return [next(iter(e.values())) for e in self.command("POST", "/elements", {"using": "css selector", "value": css})]

    def screenshot(self, path):
        Path(path).write_bytes(base64.b64decode(self.command("GET", "/screenshot")))

    def requested_urls(self):
        """Every URL the browser asked for since the last call."""
        urls = []
        for entry in self.command("POST", "/se/log", {"type": "performance"}):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.requestWillBeSent":
                urls.append(message["params"]["request"]["url"])
        return urls

    def console_errors(self):
        return [e["message"] for e in self.command("POST", "/se/log", {"type": "browser"}) if e["level"] == "SEVERE"]

    def close(self):
        try:
            if getattr(self, "session", None):
                self.command("DELETE", "")
        finally:
            self.driver.terminate()
            self.driver.wait(timeout=30)
            shutil.rmtree(self.profile, ignore_errors=True)
