"""End-to-end tests of issue 15, item 9: never lose a user's file.

- `bindscript test --update` killed with SIGKILL at random moments never
  leaves the script empty or partial: it holds the old text or the new;
- test workers (`test --jobs`) end with a runner killed with `kill -9`;
- a special file is never replaced by a regular one: `graph -o LINK` with
  LINK a symbolic link to `/dev/null` leaves the link a link and
  `/dev/null` a device, `run --record FIFO` writes into the FIFO, a FIFO no
  one reads is an error at once, `-o /dev/stdout` writes to the pipe.

They run the built executable (BINDSCRIPT_BIN, default .build/debug/bindscript).
"""
import os
import random
import select
import shutil
import signal
import stat
import subprocess
import threading
import time

import pytest

BIN = os.environ.get(
    "BINDSCRIPT_BIN",
    os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                 ".build", "debug", "bindscript"))


def large_script(lines=6000):
    """A script of `lines` lines whose expectations are all wrong."""
    body = []
    while len(body) < lines:
        n = len(body)
        body.append(f"{n} + 1")
        body.append("#> 0")
    return "\n".join(body[:lines]) + "\n"


def test_update_killed_at_random_points_never_leaves_a_partial_script(tmp_path):
    old = large_script()
    path = tmp_path / "big.bind"
    path.write_text(old)
    # The text a finished update writes.
    done = subprocess.run([BIN, "test", "--update", "--force", str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    new = path.read_text()
    assert new != old and len(new) > len(old) / 2
    started = time.monotonic()
    subprocess.run([BIN, "test", "--update", "--force", str(path)], capture_output=True, timeout=120)
    full_run = time.monotonic() - started
    rng = random.Random(15)
    outcomes = {"old": 0, "new": 0}
    for _ in range(30):
        path.write_text(old)
        process = subprocess.Popen([BIN, "test", "--update", "--force", str(path)], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
        # Kill at a random moment, or at the first sign of a write if that
        # comes sooner: a write in place shows first as a truncated file.
        kill_at = time.monotonic() + rng.uniform(0, full_run * 1.2)
        while time.monotonic() < kill_at and os.stat(path).st_size == len(old):
            pass
        os.killpg(process.pid, signal.SIGKILL)  # the runner and its worker, the writer
        process.wait()
        text = path.read_text()
        assert text in (old, new), f"partial script: {len(text)} bytes"
        outcomes["old" if text == old else "new"] += 1
    # Only the script itself (and perhaps the temporary file of a write
    # that was killed, under a hidden name test discovery skips).
    names = [name for name in os.listdir(tmp_path) if not name.startswith(".big.bind.")]
    assert names == ["big.bind"]
    assert outcomes["old"] + outcomes["new"] == 30


def worker_pids(runner_pid):
    children = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == runner_pid:
            children.append(int(entry))
    return children


def is_running(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            state = stat.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def test_workers_end_with_a_runner_killed_with_kill_9(tmp_path):
    for name in ("a", "b"):
        (tmp_path / f"{name}.bind").write_text("var n = 0\nwhile true { n += 1 }\n")
    runner = subprocess.Popen(
        [BIN, "test", "--jobs", "2", "--timeout", "600", "--max-steps", "9000000000000000000", str(tmp_path)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    workers = []
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
        workers = worker_pids(runner.pid)
    assert len(workers) == 2, "the workers did not start"
    time.sleep(0.3)
    assert all(is_running(pid) for pid in workers)
    runner.send_signal(signal.SIGKILL)
    runner.wait()
    deadline = time.monotonic() + 30  # a bound on the wait, not a speed: passes as soon as they are gone
    while any(is_running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    alive = [pid for pid in workers if is_running(pid)]
    for pid in alive:
        os.kill(pid, signal.SIGKILL)
    assert not alive, "workers outlived their runner"


# A special file is never replaced by a regular one.

SCRIPT = "var count = 1\nlet double = count * 2\nprint(double)\ndouble\n"


def file_type(path):
    """The kind of file at `path` itself (a link is not followed)."""
    mode = os.lstat(path).st_mode
    for name in ("S_ISLNK", "S_ISCHR", "S_ISFIFO", "S_ISREG", "S_ISDIR"):
        if getattr(stat, name)(mode):
            return name[4:].lower()
    return "other"


def private_copy_of(device, folder):
    """A copy of the character device `device` (the same driver, made with
    mknod) in `folder`, or None without the right to make one (not root:
    then /dev is not writable and the real device cannot be harmed)."""
    copy = os.path.join(folder, "copy-of-" + os.path.basename(device))
    try:
        os.mknod(copy, 0o666 | stat.S_IFCHR, os.stat(device).st_rdev)
    except PermissionError:
        return None
    return copy


class FifoReader(threading.Thread):
    """Reads a FIFO to its end on a thread, as `cat FIFO` would. The FIFO
    is opened at once without waiting for a writer, so the writer finds a
    reader from its start; poll then waits for that writer (a FIFO no
    writer has opened yet does not read as ended)."""

    def __init__(self, path):
        super().__init__(daemon=True)
        self.fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        self.data = b""
        self.start()

    def run(self):
        poller = select.poll()
        poller.register(self.fd, select.POLLIN)
        try:
            while poller.poll(60_000):
                try:
                    chunk = os.read(self.fd, 65536)
                except BlockingIOError:
                    continue
                if not chunk:
                    return
                self.data += chunk
        finally:
            os.close(self.fd)

    def result(self):
        self.join(timeout=60)
        assert not self.is_alive(), "the writer never closed the FIFO"
        return self.data


@pytest.mark.parametrize("extension", ["dot", "svg"])
def test_graph_onto_a_link_to_dev_null_leaves_the_device_and_the_link(tmp_path, extension):
    if extension == "svg" and shutil.which("dot") is None:
        pytest.skip("Graphviz's dot is missing: run `make test-deps`")
    script = tmp_path / "counter.bind"
    script.write_text(SCRIPT)
    # First onto a private copy of /dev/null: a writer that still renamed
    # over a device fails here, before the machine's /dev/null is tried.
    copy = private_copy_of("/dev/null", tmp_path)
    if copy is not None:
        link = tmp_path / f"copy.{extension}"
        link.symlink_to(copy)
        result = subprocess.run([BIN, "graph", str(script), "-o", str(link)], capture_output=True, text=True,
                                timeout=120)
        assert (result.returncode, result.stderr) == (0, "")
        assert (file_type(link), file_type(copy)) == ("lnk", "chr")
    link = tmp_path / f"graph.{extension}"
    link.symlink_to("/dev/null")
    result = subprocess.run([BIN, "graph", str(script), "-o", str(link)], capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stderr) == (0, "")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode), "/dev/null is still a character device"
    assert file_type(link) == "lnk" and os.readlink(link) == "/dev/null"
    # Nothing was made next to the links, nor left in /dev.
    assert not [name for name in os.listdir(tmp_path) if name.startswith(".")]
    assert not [name for name in os.listdir("/dev") if name.startswith(".null.")]


def test_graph_to_dev_stdout_writes_into_the_pipe(tmp_path):
    script = tmp_path / "counter.bind"
    script.write_text("var count = 1\nlet double = count * 2\n")  # prints nothing itself
    printed = subprocess.run([BIN, "graph", str(script)], capture_output=True, text=True, timeout=120)
    assert printed.returncode == 0 and printed.stdout.startswith("digraph"), printed.stderr
    # /dev/stdout is the pipe capture_output made (/proc/self/fd/1).
    written = subprocess.run([BIN, "graph", str(script), "-o", "/dev/stdout", "--format", "dot"],
                             capture_output=True, text=True, timeout=120)
    assert (written.returncode, written.stderr) == (0, "")
    assert written.stdout == printed.stdout


def test_record_onto_a_fifo_with_a_reader_gets_the_bytes(tmp_path):
    script = tmp_path / "counter.bind"
    script.write_text(SCRIPT)
    regular = tmp_path / "recorded.bind"
    expected = subprocess.run([BIN, "run", "--record", str(regular), str(script)], capture_output=True, text=True,
                              timeout=120)
    assert expected.returncode == 0, expected.stderr
    fifo = tmp_path / "recorded.fifo"
    os.mkfifo(fifo)
    reader = FifoReader(fifo)
    result = subprocess.run([BIN, "run", "--record", str(fifo), str(script)], capture_output=True, text=True,
                            timeout=120)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == expected.stdout
    assert reader.result() == regular.read_bytes()
    assert file_type(fifo) == "fifo"


def test_record_onto_a_fifo_no_one_reads_is_an_error_not_a_hang(tmp_path):
    script = tmp_path / "counter.bind"
    script.write_text(SCRIPT)
    fifo = tmp_path / "recorded.fifo"
    os.mkfifo(fifo)
    result = subprocess.run([BIN, "run", "--record", str(fifo), str(script)], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2
    assert result.stderr == f"error: cannot write '{fifo}': no process is reading '{fifo}'; start its reader first\n"
    assert file_type(fifo) == "fifo"
    assert sorted(os.listdir(tmp_path)) == ["counter.bind", "recorded.fifo"], "no temporary file left"
