#!/usr/bin/env python3
"""Serve SwiftPM the prebuilt swift-syntax it downloads by default, from this machine.

SwiftPM 6.3 builds a macro plug-in against a prebuilt, release-built swift-syntax ("MacroSupport")
that it downloads from download.swift.org (`--enable-experimental-prebuilts`, on by default), so
online developers never compile swift-syntax and their plug-in runs optimised code. This machine is
offline: SwiftPM falls back to compiling swift-syntax from source in debug, and the plug-in runs
unoptimised. To measure what online developers get, this script makes the same artifact here and
lets SwiftPM fetch it from a file:// URL:

  1. swift-syntax (the version the benchmarks resolved, from Benchmarks/.build/checkouts) is copied
     and built with `swift build -c release -debug-info-format none --product MacroSupport`, a
     static library of every target its library products need, which is how SwiftPM's
     swift-build-prebuilts tool builds the published artifacts (about 7 minutes on 2 cores, once);
  2. `lib/libMacroSupport.a` and `Modules/` are packed into `<name>-MacroSupport.tar.gz`, where
     <name> is `<swift version>-<platform>` as SwiftPM computes it (here
     `swift-6.3.1-RELEASE-debian_12_x86_64`);
  3. SwiftPM only accepts a signed manifest (a JWS whose x5c chain must reach a trusted root; its
     OCSP check passes when it cannot be done), so a throwaway chain (root, intermediate, code-signing
     leaf; EC P-256) is made with openssl and its root is passed to SwiftPM.

Then `swift build <flags>` (printed at the end, and read by `measure.py --prebuilt-swift-syntax`)
links the Trellis plug-in against the prebuilt library; no swift-syntax source is compiled. SwiftPM
keeps a copy of a downloaded artifact in ~/.cache/org.swift.swiftpm/prebuilts and prefers it, so
this script removes that copy; and it records a failed download in a build folder, so measure in a
build folder that never built without these flags.

Run after the runtime benchmark's release build (`run.sh --runtime-only`), which resolves and checks
out swift-syntax:
  prebuilt_swift_syntax.py [--work Benchmarks/.build-prebuilts]
"""

import argparse
import base64
import gzip
import hashlib
import io
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
BENCHMARKS = os.path.dirname(HERE)
LIBRARY = "MacroSupport"


def run(command, cwd=None, **options):
    return subprocess.run(command, cwd=cwd, check=True, **options)


def swift_syntax_checkout():
    """The checkout and version of swift-syntax the benchmarks resolved."""
    checkout = os.path.join(BENCHMARKS, ".build", "checkouts", "swift-syntax")
    resolved = os.path.join(BENCHMARKS, "Package.resolved")
    if not os.path.isdir(checkout) or not os.path.exists(resolved):
        sys.exit("prebuilt_swift_syntax.py: no swift-syntax checkout; run `Benchmarks/run.sh --runtime-only` first")
    pins = json.load(open(resolved))["pins"]
    version = next(pin["state"]["version"] for pin in pins if pin["identity"] == "swift-syntax")
    return checkout, version


def prebuilt_name():
    """`<swift compiler version>-<platform>`, the name SwiftPM looks for."""
    version = re.search(r"\((swift-[^)]+)\)", subprocess.run(
        ["swift", "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout).group(1)
    release = dict(line.split("=", 1) for line in open("/etc/os-release").read().splitlines() if "=" in line)
    release = {key: value.strip('"') for key, value in release.items()}
    architecture = {"arm64": "aarch64"}.get(platform.machine(), platform.machine())
    system = release.get("ID")
    if system == "debian":
        name = f"debian_{release.get('VERSION_ID')}"
    elif system == "ubuntu":
        name = f"ubuntu_{release.get('VERSION_CODENAME')}"
    elif system == "amzn":
        name = "amazonlinux2"
    elif system == "rhel":
        name = "rhel_ubi9"
    elif system == "fedora":
        name = "fedora_39"
    else:
        sys.exit(f"prebuilt_swift_syntax.py: SwiftPM has no prebuilts for '{system}'")
    return f"{version}-{name}_{architecture}"


def build_library(checkout, stage):
    """Builds the MacroSupport static library in release; returns its products and include paths."""
    source = os.path.join(stage, "swift-syntax")
    shutil.rmtree(source, ignore_errors=True)
    shutil.copytree(checkout, source, ignore=shutil.ignore_patterns(".build", ".git"))
    package = json.loads(run(["swift", "package", "dump-package"], source, stdout=subprocess.PIPE, text=True).stdout)
    targets = {target["name"]: target for target in package["targets"]}
    needed = []

    def add(name):
        if name in needed or name not in targets:
            return
        needed.append(name)
        for dependency in targets[name].get("dependencies", []):
            for key in ("byName", "target"):
                if key in dependency:
                    add(dependency[key][0])

    products = [product["name"] for product in package["products"] if "library" in product["type"]]
    for product in package["products"]:
        if "library" in product["type"]:
            for target in product["targets"]:
                add(target)
    include_paths = []
    for name in needed:
        path = targets[name].get("path") or f"Sources/{name}"
        files = [file for _, _, names in os.walk(os.path.join(source, path)) for file in names]
        if os.path.isdir(os.path.join(source, path, "include")) and not any(file.endswith(".swift") for file in files):
            include_paths.append(os.path.join(path, "include"))
    with open(os.path.join(source, "Package.swift"), "a") as manifest:
        listed = ", ".join(f'"{name}"' for name in sorted(needed))
        manifest.write(f'\npackage.products += [.library(name: "{LIBRARY}", type: .static, targets: [{listed}])]\n')
    print(f"prebuilt: building {LIBRARY} ({len(needed)} targets) in release, once...", flush=True)
    run(["swift", "build", "-c", "release", "-debug-info-format", "none", "--product", LIBRARY], source)
    release = os.path.join(source, ".build", "release")
    for folder in ("lib", "Modules"):
        shutil.rmtree(os.path.join(stage, folder), ignore_errors=True)
    os.makedirs(os.path.join(stage, "lib"))
    shutil.copy(os.path.join(release, f"lib{LIBRARY}.a"), os.path.join(stage, "lib"))
    shutil.copytree(os.path.join(release, "Modules"), os.path.join(stage, "Modules"))
    info = {"products": products, "includePath": sorted(include_paths)}
    with open(os.path.join(stage, "info.json"), "w") as output:
        json.dump(info, output, indent=2)
    return info


def archive(stage, path):
    """lib/ and Modules/ as a .tar.gz whose bytes depend only on their contents."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        for folder in ("lib", "Modules"):
            for root, directories, files in sorted(os.walk(os.path.join(stage, folder))):
                directories.sort()
                for name in sorted(files):
                    full = os.path.join(root, name)
                    info = tar.gettarinfo(full, arcname=os.path.relpath(full, stage))
                    info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
                    with open(full, "rb") as content:
                        tar.addfile(info, content)
    with open(path, "wb") as output, gzip.GzipFile(fileobj=output, mode="wb", mtime=0) as compressed:
        compressed.write(buffer.getvalue())


def certificates(directory):
    """A root, an intermediate and a code-signing leaf (EC P-256, DER), made once."""
    if all(os.path.exists(os.path.join(directory, f"{name}.der")) for name in ("root", "intermediate", "leaf")):
        return
    os.makedirs(directory, exist_ok=True)
    extensions = os.path.join(directory, "extensions.cnf")
    with open(extensions, "w") as output:
        output.write(
            "[req]\ndistinguished_name = name\n[name]\n"
            "[root]\nbasicConstraints = critical, CA:TRUE\nkeyUsage = critical, keyCertSign, cRLSign\n"
            "subjectKeyIdentifier = hash\n"
            "[intermediate]\nbasicConstraints = critical, CA:TRUE, pathlen:0\nkeyUsage = critical, keyCertSign, cRLSign\n"
            "subjectKeyIdentifier = hash\nauthorityKeyIdentifier = keyid:always\n"
            "[leaf]\nbasicConstraints = critical, CA:FALSE\nkeyUsage = critical, digitalSignature\n"
            "extendedKeyUsage = codeSigning\nsubjectKeyIdentifier = hash\nauthorityKeyIdentifier = keyid:always\n")

    def file(name):
        return os.path.join(directory, name)

    for name in ("root", "intermediate", "leaf"):
        run(["openssl", "ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", file(f"{name}.key")])
    run(["openssl", "req", "-new", "-x509", "-key", file("root.key"), "-subj", "/O=Trellis benchmarks/CN=Local prebuilts root",
         "-days", "3650", "-sha256", "-config", extensions, "-extensions", "root", "-out", file("root.pem")])
    for name, issuer, common_name in (("intermediate", "root", "Local prebuilts intermediate"),
                                      ("leaf", "intermediate", "Local prebuilts signing")):
        run(["openssl", "req", "-new", "-key", file(f"{name}.key"), "-subj", f"/O=Trellis benchmarks/CN={common_name}",
             "-config", extensions, "-out", file(f"{name}.csr")])
        run(["openssl", "x509", "-req", "-in", file(f"{name}.csr"), "-CA", file(f"{issuer}.pem"), "-CAkey", file(f"{issuer}.key"),
             "-CAcreateserial", "-days", "3650", "-sha256", "-extfile", extensions, "-extensions", name, "-out", file(f"{name}.pem")])
    for name in ("root", "intermediate", "leaf"):
        run(["openssl", "x509", "-in", file(f"{name}.pem"), "-outform", "DER", "-out", file(f"{name}.der")])


def base64url(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def der_integers(signature):
    """r and s of a DER ECDSA signature (SEQUENCE of two INTEGERs)."""
    def length(index):
        value = signature[index]
        index += 1
        if value & 0x80:
            count = value & 0x7F
            value = int.from_bytes(signature[index:index + count], "big")
            index += count
        return value, index

    _, index = length(1)
    values = []
    for _ in range(2):
        size, index = length(index + 1)
        values.append(int.from_bytes(signature[index:index + size], "big"))
        index += size
    return values


def certificate_name(path, which):
    text = run(["openssl", "x509", "-inform", "DER", "-in", path, "-noout", f"-{which}", "-nameopt", "sep_multiline,utf8"],
               stdout=subprocess.PIPE, text=True).stdout
    fields = dict(line.strip().split("=", 1) for line in text.splitlines()[1:] if "=" in line)
    return {"userID": fields.get("UID"), "commonName": fields.get("CN"),
            "organizationalUnit": fields.get("OU"), "organization": fields.get("O")}


def signed_manifest(artifact, info, certificates_directory):
    """The manifest SwiftPM reads, with a JWS (ES256, x5c chain) over its canonical JSON."""
    checksum = hashlib.sha256(open(artifact, "rb").read()).hexdigest()
    manifest = {"libraries": [{"name": LIBRARY, "checksum": checksum, "products": info["products"],
                               "includePath": info["includePath"]}]}
    # SwiftPM re-encodes the manifest (sorted keys, pretty printed, "key" : value) and compares.
    payload = json.dumps(manifest, indent=2, sort_keys=True, separators=(",", " : "), ensure_ascii=False).encode()
    chain = [os.path.join(certificates_directory, f"{name}.der") for name in ("leaf", "intermediate", "root")]
    header = {"alg": "ES256", "x5c": [base64.b64encode(open(path, "rb").read()).decode() for path in chain]}
    signing_input = base64url(json.dumps(header, separators=(",", ":")).encode()) + "." + base64url(payload)
    signature = run(["openssl", "dgst", "-sha256", "-sign", os.path.join(certificates_directory, "leaf.key")],
                    input=signing_input.encode(), stdout=subprocess.PIPE).stdout
    r, s = der_integers(signature)
    return {"manifest": manifest,
            "signature": {"signature": signing_input + "." + base64url(r.to_bytes(32, "big") + s.to_bytes(32, "big")),
                          "certificate": {"subject": certificate_name(chain[0], "subject"),
                                          "issuer": certificate_name(chain[0], "issuer")}}}


def flags(work):
    """The `swift build` options that make SwiftPM use the artifact made in `work`."""
    return ["--experimental-prebuilts-download-url", "file://" + os.path.join(work, "serve"),
            "--experimental-prebuilts-root-cert", os.path.join(work, "certificates", "root.der")]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", default=os.path.join(BENCHMARKS, ".build-prebuilts"))
    arguments = parser.parse_args()
    work = os.path.abspath(arguments.work)
    checkout, version = swift_syntax_checkout()
    name = prebuilt_name()
    stage = os.path.join(work, "stage", version)
    info_path = os.path.join(stage, "info.json")
    if os.path.exists(info_path) and os.path.exists(os.path.join(stage, "lib", f"lib{LIBRARY}.a")):
        info = json.load(open(info_path))
        print(f"prebuilt: reusing the {LIBRARY} library built in {stage}")
    else:
        info = build_library(checkout, stage)
    served = os.path.join(work, "serve", "swift-syntax", version)
    os.makedirs(served, exist_ok=True)
    artifact = os.path.join(served, f"{name}-{LIBRARY}.tar.gz")
    archive(stage, artifact)
    certificates(os.path.join(work, "certificates"))
    with open(os.path.join(served, f"{name}.json"), "w") as output:
        json.dump(signed_manifest(artifact, info, os.path.join(work, "certificates")), output, indent=2)
    shutil.rmtree(os.path.expanduser(f"~/.cache/org.swift.swiftpm/prebuilts/swift-syntax/{version}"), ignore_errors=True)
    print(f"prebuilt: swift-syntax {version} served as {name} from {served}")
    print("swift build " + " ".join(flags(work)))


if __name__ == "__main__":
    main()
