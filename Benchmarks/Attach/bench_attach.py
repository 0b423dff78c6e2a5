#!/usr/bin/env python3
"""How long a statement takes over the attach socket, end to end, and what
the attach point costs an app while nobody is attached.

    make bench-attach                          # debug build, then this
    Benchmarks/Attach/bench_attach.py [BIN_DIR] [--runs N]

Starts the examples' host executable as a live app (`BindScriptExample
--attach`, in BIN_DIR, default .build/debug) and, as a raw client of the
wire format, measures as medians and 99th percentiles of --runs:
- statement: `evaluate` of `settings.volume` (a read of the app's live
  object, echoed) until its `done` (target: under 2 ms);
- baseline, in the same run: `evaluate` of an empty entry, the same trip
  through the socket, the attach thread and the app's main queue with no
  statement to run.
Then the attach thread's context switches over 2 s with no client
attached (target: none: it sleeps in `poll`), and the CPU time of an app
loop (`BindScriptExample --events N`: N main-queue events, each a change
of the live object) with the attach point started and without it, runs
alternated, as medians of --loops (target: the same, within the spread
of the runs).
"""
import argparse
import json
import os
import socket
import statistics
import struct
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Client:
    def __init__(self, path):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.connect(path)
        self.buffer = b""

    def send(self, kind, **fields):
        body = json.dumps(dict(kind=kind, **fields)).encode()
        self.socket.sendall(struct.pack(">I", len(body)) + body)

    def receive(self):
        while len(self.buffer) < 4 or len(self.buffer) < 4 + struct.unpack(">I", self.buffer[:4])[0]:
            self.buffer += self.socket.recv(65536)
        length = struct.unpack(">I", self.buffer[:4])[0]
        message = json.loads(self.buffer[4:4 + length])
        self.buffer = self.buffer[4 + length:]
        return message

    def until(self, kind):
        while self.receive()["kind"] != kind:
            pass


def timed(runs, request):
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        request()
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.99) - 1]


def attach_thread_switches(pid):
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/comm") as comm:
            if comm.read().strip() != "bs-attach":
                continue
        with open(f"/proc/{pid}/task/{task}/status") as status:
            fields = dict(line.split(":", 1) for line in status if ":" in line)
        return int(fields["voluntary_ctxt_switches"]) + int(fields["nonvoluntary_ctxt_switches"])
    return None


def cpu_seconds(command, env):
    """The user and system CPU time of one run of `command`."""
    process = subprocess.Popen(command, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, command
    return usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bin_dir", nargs="?", default=os.path.join(ROOT, ".build", "debug"))
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--loops", type=int, default=7)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as runtime:
        os.chmod(runtime, 0o700)
        app = subprocess.Popen([os.path.join(arguments.bin_dir, "BindScriptExample"), "--attach"],
                               env=dict(os.environ, XDG_RUNTIME_DIR=runtime), stdout=subprocess.PIPE, text=True)
        try:
            path = app.stdout.readline().split(": ", 1)[1].strip()
            time.sleep(0.5)
            before = attach_thread_switches(app.pid)
            time.sleep(2)
            idle = attach_thread_switches(app.pid) - before if before is not None else None
            client = Client(path)
            client.send("hello")
            client.until("welcome")

            def statement():
                client.send("evaluate", text="settings.volume")
                client.until("done")

            def baseline():
                client.send("evaluate", text="")
                client.until("done")

            for _ in range(100):
                statement()
                baseline()
            statement_median, statement_p99 = timed(arguments.runs, statement)
            baseline_median, baseline_p99 = timed(arguments.runs, baseline)
        finally:
            app.terminate()
            app.wait()
        loop = [os.path.join(arguments.bin_dir, "BindScriptExample"), "--events", str(arguments.events)]
        env = dict(os.environ, XDG_RUNTIME_DIR=runtime)
        with_attach, without_attach = [], []
        for _ in range(arguments.loops):
            without_attach.append(cpu_seconds(loop + ["--no-attach"], env) * 1000)
            with_attach.append(cpu_seconds(loop, env) * 1000)
    print(f"statement round trip: median {statement_median:.3f} ms, p99 {statement_p99:.3f} ms (target < 2 ms)")
    print(f"baseline (no statement): median {baseline_median:.3f} ms, p99 {baseline_p99:.3f} ms")
    print(f"statement / baseline: {statement_median / baseline_median:.2f}x")
    print(f"attach thread context switches in 2 s with no client: {idle}")
    spread = statistics.pstdev(without_attach) / statistics.median(without_attach) * 100
    print(f"{arguments.events} events: CPU median {statistics.median(with_attach):.0f} ms with the attach point, "
          f"{statistics.median(without_attach):.0f} ms without "
          f"({statistics.median(with_attach) / statistics.median(without_attach):.3f}x; runs without it spread ±{spread:.1f}%)")


if __name__ == "__main__":
    main()
