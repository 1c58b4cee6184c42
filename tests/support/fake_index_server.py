#!/usr/bin/env python3
"""A fake package index for torchpin's update tests, on the Python standard library only.

Serves the index pages under --root on 127.0.0.1 (an ephemeral port, printed on stdout), with
ETag / Last-Modified validators, gzip, PEP 691 negotiation (a folder's index.json when the
client accepts application/vnd.pypi.simple.v1+json, else its index.html), and faults read from
the JSON file --control on every request:

    {"validators": "both" | "etag" | "last-modified" | "none",
     "faults": {"/whl/cu121/torch/": {"status": 500, "times": 1},
                "/whl/cpu/torch/": {"delay": 3},
                "/whl/torch/": {"truncate": true},
                "/whl/cu128/torch/": {"garble": true}}}

"times" limits a fault to the first N requests for its path; a page to garble or truncate is
sent even to a conditional request that it would otherwise answer with 304. Each request is appended to the
--log file as one JSON object per line (path, status, the request headers that matter, whether
the answer was conditional or gzipped).
"""

import argparse
import email.utils
import gzip
import hashlib
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

FIRST_MODIFIED = 1735689600  # 2025-01-01T00:00:00Z; each change of a page adds an hour
JSON_TYPE = "application/vnd.pypi.simple.v1+json"


class IndexState:
    """What the server remembers across requests: fault counts and page modification times."""

    def __init__(self, root, control, log):
        self.root = os.path.realpath(root)
        self.control = control
        self.log = log
        self.lock = threading.Lock()
        self.fault_hits = {}
        self.modified = {}  # path -> (sha256 of the body, unix time of its last change)

    def read_control(self):
        try:
            with open(self.control, encoding="utf-8") as f:
                return json.load(f)
        except (OSError, ValueError):
            return {}

    def fault_for(self, control, path):
        fault = control.get("faults", {}).get(path)
        if not fault:
            return None
        with self.lock:
            self.fault_hits[path] = self.fault_hits.get(path, 0) + 1
            if "times" in fault and self.fault_hits[path] > fault["times"]:
                return None
        return fault

    def last_modified(self, path, body):
        digest = hashlib.sha256(body).hexdigest()
        with self.lock:
            known = self.modified.get(path)
            if known is None:
                self.modified[path] = (digest, FIRST_MODIFIED)
            elif known[0] != digest:
                self.modified[path] = (digest, known[1] + 3600)
            return self.modified[path][1]

    def append_log(self, entry):
        with self.lock:
            with open(self.log, "a", encoding="utf-8") as f:
                f.write(json.dumps(entry) + "\n")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fake-index/1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        state = self.server.state
        control = state.read_control()
        fault = state.fault_for(control, self.path) or {}
        entry = {
            "path": self.path,
            "accept": self.headers.get("Accept", ""),
            "user_agent": self.headers.get("User-Agent", ""),
            "accept_encoding": self.headers.get("Accept-Encoding", ""),
            "if_none_match": self.headers.get("If-None-Match"),
            "if_modified_since": self.headers.get("If-Modified-Since"),
            "gzip": False,
        }
        try:
            if "delay" in fault:  # logged on arrival: the client gives up before the answer
                state.append_log(dict(entry, status="delayed"))
                time.sleep(fault["delay"])
                self.answer(state, control, fault, entry)
                return
            entry["status"] = self.answer(state, control, fault, entry)
        except (BrokenPipeError, ConnectionResetError):
            entry["status"] = "client gone"
        state.append_log(entry)

    def answer(self, state, control, fault, entry):
        if "status" in fault:
            return self.send_body(fault["status"], b"injected failure\n", "text/plain")
        found = self.find_page(state.root)
        if found is None:
            return self.send_body(404, b"not found\n", "text/plain")
        if isinstance(found, str):
            self.send_response(301)
            self.send_header("Location", found)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return 301
        body, content_type = found
        entry["content_type"] = content_type
        mode = control.get("validators", "both")
        etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
        modified = state.last_modified(self.path, body)
        headers = {}
        if mode in ("both", "etag"):
            headers["ETag"] = etag
        if mode in ("both", "last-modified"):
            headers["Last-Modified"] = email.utils.formatdate(modified, usegmt=True)
        broken = fault.get("garble") or fault.get("truncate")
        if not broken and self.not_modified(headers, modified):
            self.send_response(304)
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            return 304
        if fault.get("garble"):
            body = bytes(range(256)) * 8
        if fault.get("truncate"):
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body) + 4096))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            return 200
        if "gzip" in entry["accept_encoding"]:
            body = gzip.compress(body)
            headers["Content-Encoding"] = "gzip"
            entry["gzip"] = True
        return self.send_body(200, body, content_type, headers)

    def not_modified(self, headers, modified):
        if_none_match = self.headers.get("If-None-Match")
        if if_none_match is not None:
            tags = [tag.strip() for tag in if_none_match.split(",")]
            return "ETag" in headers and (headers["ETag"] in tags or "*" in tags)
        if_modified_since = self.headers.get("If-Modified-Since")
        if if_modified_since is not None and "Last-Modified" in headers:
            try:
                since = email.utils.parsedate_to_datetime(if_modified_since).timestamp()
            except (TypeError, ValueError):
                return False
            return modified <= since
        return False

    def find_page(self, root):
        """(body, content type), a redirect target, or None."""
        path = self.path.split("?", 1)[0]
        local = os.path.realpath(os.path.join(root, path.lstrip("/")))
        if local != root and not local.startswith(root + os.sep):
            return None
        if os.path.isdir(local):
            if not path.endswith("/"):
                return path + "/"
            wants_json = JSON_TYPE in self.headers.get("Accept", "")
            choices = [("index.json", JSON_TYPE)] if wants_json else []
            choices.append(("index.html", "text/html"))
            for name, content_type in choices:
                if os.path.isfile(os.path.join(local, name)):
                    with open(os.path.join(local, name), "rb") as f:
                        return f.read(), content_type
            return None
        if os.path.isfile(local):
            with open(local, "rb") as f:
                return f.read(), "application/octet-stream"
        return None

    def send_body(self, status, body, content_type, headers=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)
        return status


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64  # the default 5 drops SYNs of 8 parallel connects: 1 s retransmits

    def handle_error(self, request, client_address):
        pass  # a client that gave up (a timeout test) is expected


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", required=True)
    parser.add_argument("--control", required=True)
    parser.add_argument("--log", required=True)
    args = parser.parse_args()
    server = Server(("127.0.0.1", 0), Handler)
    server.state = IndexState(args.root, args.control, args.log)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
