"""End-to-end: a new Swift package that depends on this one by path and uses
the runtime library alone (`BindRuntime`), as an app that wants bindings but
no scripting would. It must build, link and run with nothing else named: the
runtime's C shim calls libdispatch, which such an app does not import.
"""
import os
import subprocess
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

MANIFEST = textwrap.dedent("""\
    // swift-tools-version: 6.0
    import PackageDescription
    let package = Package(
      name: "RuntimeOnlyApp",
      dependencies: [.package(path: "%s")],
      targets: [
        .executableTarget(name: "App", dependencies: [.product(name: "BindRuntime", package: "%s")])
      ]
    )
    """)

MAIN = textwrap.dedent("""\
    import BindRuntime

    final class Thermometer {
      @Observed var celsius = 20.0
      lazy var fahrenheit = Derived { [unowned self] in self.celsius * 1.8 + 32 }
    }

    let thermometer = Thermometer()
    let label = Property("")
    let binding = thermometer.fahrenheit.map { "\\($0) °F" }.bind(to: label)
    let token = label.observeChanges { old, new in print("label:", old, "->", new) }
    thermometer.celsius = 100
    print(thermometer.fahrenheit.peek())
    token.dispose()
    binding.dispose()
    """)


def test_an_app_using_only_the_runtime_builds_and_runs(tmp_path):
    (tmp_path / "Sources" / "App").mkdir(parents=True)
    (tmp_path / "Package.swift").write_text(MANIFEST % (ROOT, os.path.basename(ROOT)))
    (tmp_path / "Sources" / "App" / "main.swift").write_text(MAIN)
    build = subprocess.run(
        ["swift", "build", "--product", "App"], cwd=tmp_path, capture_output=True, text=True, timeout=900)
    assert build.returncode == 0, build.stdout + build.stderr
    run = subprocess.run([str(tmp_path / ".build" / "debug" / "App")], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["label: 68.0 °F -> 212.0 °F", "212.0"]
