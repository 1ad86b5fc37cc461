"""The benchmarks' vocabulary that the collection's and the area reports
share: the payloads' names and sizes, the serializers and their targets."""

import os
import re

ARRAY_PAYLOAD = re.compile(r"^(byte|short|char|int|long|float|double)(\d+)$")
PAYLOAD_NAMES = {"null": "null", "int4": "4 int", "int4null2": "4 int, 2 null",
                 "int32": "32 int", "tree15": "tree(15)",
                 "mixed100": "100 primitive fields", "media": "media content",
                 "latin1": "Latin-1 strings", "utf16": "UTF-16 strings",
                 "list100": "ArrayList of 100 Integer", "map50": "HashMap of 50 String→Integer",
                 "records10": "ArrayList of 10 records"}

ELEMENT_BYTES = {"byte": 1, "boolean": 1, "short": 2, "char": 2, "int": 4,
                 "float": 4, "long": 8, "double": 8}

# The serializers (serial.*Bench): class, display, in table order.
SERIALIZER_CLASSES = [
    ("JdkStreamsBench", "JDK streams"),
    ("FastSerialBench", "jdk.fastserial (reused stream)"),
    ("FastSerialFreshBench", "jdk.fastserial (fresh stream per object)"),
    ("JdkStreamsConnectionBench", "JDK streams (fresh per object, on buffered streams as RMI's)"),
    ("FastSerialConnectionBench", "jdk.fastserial (fresh per object, on buffered streams as RMI's)"),
    ("FastSerialDropInBench", "jdk.fastserial (fresh per object, on byte-array streams as JdkStreamsBench)"),
    ("KryoBench", "Kryo"),
    ("ForyBench", "Fory (reference tracking off)"),
    ("ForyRefBench", "Fory (reference tracking on)"),
    ("ForyStringRefBench", "Fory (references and strings tracked)"),
]
SERIALIZER_NAMES = dict(SERIALIZER_CLASSES)
# The Fory the "× Fory" columns and the target's "ahead of Fory" compare
# with: reference tracking on, as JDK streams and jdk.fastserial always
# track references; the other if a run has no results of this one.
FORY_BASELINES = ["ForyRefBench", "ForyBench"]
# The serial area's payloads, in order, and the round-trip time per object
# in ns that jdk.fastserial's reused stream is to stay within (None: only
# ahead of Fory).
SERIAL_TARGET_NS = {"int32": 100, "int4null2": 60, "tree15": 700, "mixed100": 300,
                    "float5000": 2000, "double5000": 4000, "byte5000": None, "media": None,
                    "latin1": None, "utf16": None, "list100": None, "map50": None,
                    "records10": None}
SERIAL_PAYLOADS = list(SERIAL_TARGET_NS)


def array_of(p):
    """(element type, n) of an array argument (byte5000), else None; int4
    and int32 are objects of int fields, not arrays."""
    if p is None or p in PAYLOAD_NAMES:
        return None
    m = ARRAY_PAYLOAD.match(p)
    return (m.group(1), int(m.group(2))) if m else None


def payload_name(p):
    """The paper's name of an argument factory: int[2000], 4 int, tree(15)."""
    if p is None:
        return ""
    a = array_of(p)
    if a:
        return "%s[%d]" % a
    return PAYLOAD_NAMES.get(p, p)


def ns(r):
    """A Result's time in ns, or None."""
    return r.us * 1000.0 if r is not None else None


def library_versions():
    """(" KRYO_VERSION", " FORY_VERSION") from bench/pom.xml, each "" if not
    there: what follows "Kryo" and "Fory" in the serializers' prose."""
    pom = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "pom.xml")
    try:
        with open(pom) as f:
            text = f.read()
    except OSError:
        text = ""
    versions = []
    for name in ("kryo", "fory"):
        m = re.search(r"<%s\.version>([^<]+)<" % name, text)
        versions.append(" " + m.group(1) if m else "")
    return tuple(versions)
