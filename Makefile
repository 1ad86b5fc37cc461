# GrandeJDK: OpenJDK 25.0.3 + our patch series + jdk.fastserial + jdk.fastrmi
# + libfastfabric, built into one runtime image.
#
#   make            build the image (build/jdk)
#   make test       build it if needed, then run every test tier
#   make help       everything else

SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
.DEFAULT_GOAL := image
.DELETE_ON_ERROR:

include scripts/versions.mk

# Downloads, the unpacked jtreg and ccache live outside the checkout, so a
# fresh clone on the same machine builds incrementally.
GRANDE_CACHE ?= $(HOME)/.cache/grandejdk
BOOT_JDK     ?= /usr/lib/jvm/temurin-25-jdk-amd64
# An older JDK for the RMI interoperability tests (Debian's openjdk-17,
# which scripts/install-build-deps.sh installs).
OLD_JDK      ?= /usr/lib/jvm/java-17-openjdk-amd64
JOBS         ?= $(shell nproc)
# jtreg -conc; 2 fits this machine's 2 cores.
TEST_CONC    ?= 2
export GRANDE_CACHE
export CCACHE_DIR := $(GRANDE_CACHE)/ccache

BUILD      := $(CURDIR)/build
SRC        := $(BUILD)/openjdk
CONF       := grande
CONF_DIR   := $(SRC)/build/$(CONF)
IMAGE      := $(BUILD)/jdk
# what the symlink IMAGE points to: the JDK's own image directory
IMAGE_DIR  := $(CONF_DIR)/images/jdk
JTREG_HOME := $(GRANDE_CACHE)/jtreg-$(JTREG_DEB_VERSION)/usr/share/jtreg
TARBALL    := $(GRANDE_CACHE)/downloads/$(OPENJDK_ORIG_TARBALL)
LOG        := $(BUILD)/logs

# The JDK build must not inherit our make's jobserver or variables.
JDK_MAKE := env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make

CONFIGURE_ARGS := \
	--with-conf-name=$(CONF) \
	--with-boot-jdk=$(BOOT_JDK) \
	--with-debug-level=release \
	--with-native-debug-symbols=none \
	--disable-warnings-as-errors \
	--enable-ccache \
	--with-jobs=$(JOBS) \
	--with-zlib=system --with-giflib=system --with-libpng=system \
	--with-libjpeg=system --with-lcms=system --with-harfbuzz=system \
	--with-extra-cflags=-I/usr/include/PCSC \
	--with-vendor-name=GrandeJDK \
	--with-vendor-version-string=GrandeJDK-25.0.3 \
	--with-version-pre= --with-version-opt=grande --with-version-build=9

SERIES_INPUTS := $(wildcard jdk-patches/series jdk-patches/*.patch \
                            hotspot-intrinsics/series hotspot-intrinsics/*.patch)

phase = @echo "==> [$$(date +%H:%M:%S)] $(1)"

.PHONY: image deps source configure jdk-images platform-stubs cds-archive fabric-native test \
        test-grande test-serializable test-rmi test-rmi-compat test-fabric help clean

# ---------------------------------------------------------------- deps ----

# Each input is a stamp keyed on what decides it (the pins, the package
# list, the scripts), so a `make` on a built tree starts no apt, no network
# and no hashing. The stamps live in build/: a fresh clone checks the cache
# once (a sha256 of what is there), then never again.
STAMPS := $(BUILD)/stamps
FETCH_SCRIPTS := scripts/fetch-pinned.sh scripts/trixie-apt.sh scripts/versions.mk
export DEBIAN_SNAPSHOT_DATE

deps: boot-jdk-check $(STAMPS)/packages $(STAMPS)/openjdk-source $(STAMPS)/jtreg

$(STAMPS)/packages: scripts/install-build-deps.sh
	$(call phase,deps: Debian packages)
	@scripts/install-build-deps.sh
	@mkdir -p $(@D) && touch $@

$(STAMPS)/openjdk-source: scripts/fetch-source.sh $(FETCH_SCRIPTS) | $(STAMPS)/packages
	$(call phase,deps: OpenJDK source $(OPENJDK_DEB_VERSION))
	@scripts/fetch-source.sh $(OPENJDK_DEB_VERSION) $(OPENJDK_ORIG_TARBALL) $(OPENJDK_ORIG_SHA256)
	@mkdir -p $(@D) && touch $@

$(STAMPS)/jtreg: scripts/fetch-jtreg.sh $(FETCH_SCRIPTS) | $(STAMPS)/packages
	$(call phase,deps: jtreg $(JTREG_DEB_VERSION))
	@scripts/fetch-jtreg.sh $(JTREG_DEB_VERSION) $(JTREG_DEB_SHA256)
	@mkdir -p $(@D) && touch $@

# The path a new user takes: both pinned inputs into an empty cache
# (downloads only, seconds). .ci/run runs it before `make test`, whose own
# cache is warm on a reused machine and would hide a broken fetch.
.PHONY: check-fetch
check-fetch:
	$(call phase,check-fetch: the pinned source and jtreg into an empty cache)
	@cache=$$(mktemp -d); trap 'rm -rf "$$cache"' EXIT; \
	GRANDE_CACHE=$$cache scripts/fetch-source.sh $(OPENJDK_DEB_VERSION) $(OPENJDK_ORIG_TARBALL) $(OPENJDK_ORIG_SHA256) && \
	GRANDE_CACHE=$$cache scripts/fetch-jtreg.sh $(JTREG_DEB_VERSION) $(JTREG_DEB_SHA256)

.PHONY: boot-jdk-check
boot-jdk-check:
	@if ! "$(BOOT_JDK)/bin/java" -version 2>&1 | grep -q 'version "25'; then \
	    echo "Boot JDK not found: $(BOOT_JDK) must be a JDK 25 (stock Temurin 25.0.3)." >&2; \
	    echo "Install it (package temurin-25-jdk) or pass BOOT_JDK=/path/to/jdk-25." >&2; \
	    exit 1; \
	fi

# -------------------------------------------------------------- source ----

source: $(BUILD)/source.stamp

$(BUILD)/source.stamp: $(SERIES_INPUTS) scripts/source.sh scripts/series-lib.sh $(STAMPS)/openjdk-source | boot-jdk-check
	$(call phase,source: build/openjdk = pristine + patch series + modules)
	@mkdir -p $(BUILD)
	@scripts/source.sh $(TARBALL) $(OPENJDK_ORIG_TOPDIR) $(SRC)
	@touch $@

# Every prefix of the patch series applies to the pristine tree and its
# Java compiles (javac on the boot JDK; the build's generated sources are
# needed, so after one `make`). SERIES_AGAINST=REF also compares the final
# tree with the series at REF of this checkout.
.PHONY: check-series
check-series: $(BUILD)/source.stamp
	$(call phase,check-series: every prefix of the series applies and compiles)
	@BOOT_JDK=$(BOOT_JDK) scripts/check-series.sh $(SRC) $(CONF_DIR)/support/gensrc \
	    $(if $(SERIES_AGAINST),--against $(SERIES_AGAINST))

# ----------------------------------------------------------- configure ----

# Configure again only when the arguments change.
$(BUILD)/configure.args: FORCE
	@mkdir -p $(BUILD)
	@echo '$(CONFIGURE_ARGS)' | cmp -s - $@ || echo '$(CONFIGURE_ARGS)' > $@

configure: $(CONF_DIR)/spec.gmk

$(CONF_DIR)/spec.gmk: $(BUILD)/configure.args | $(BUILD)/source.stamp
	$(call phase,configure (log: build/logs/configure.log))
	@mkdir -p $(LOG)
	@cd $(SRC) && bash configure $(CONFIGURE_ARGS) \
	    > $(LOG)/configure.log 2>&1 || { tail -n 30 $(LOG)/configure.log; exit 1; }
	@touch $@

# --------------------------------------------------------------- image ----

# libfastfabric and fastfabric-info are jdk.fastrmi's native library and
# command, built by the JDK's make (make/modules/jdk.fastrmi/Lib.gmk, from
# jdk-patches/0013) into the module's jmod, so jlink carries them.
image: jdk-images
	@ln -sfn $(IMAGE_DIR) $(IMAGE)
	@$(MAKE) --no-print-directory platform-stubs
	@$(MAKE) --no-print-directory cds-archive
	$(call phase,image ready: build/jdk)
	@$(IMAGE)/bin/java -version 2>&1 | sed 's/^/    /'

# The JDK's own make is incremental; the filtered lines show it is alive.
# The log exists before tail starts: `tail -F` on a file that appears only
# later exits 1, which under pipefail once failed a good build in a fresh
# clone. Only the JDK make's own status decides.
jdk-images: $(CONF_DIR)/spec.gmk $(BUILD)/source.stamp
	$(call phase,JDK make images (log: build/logs/jdk-images.log))
	@mkdir -p $(LOG) && : > $(LOG)/jdk-images.log
	@$(JDK_MAKE) -C $(SRC) CONF=$(CONF) images > $(LOG)/jdk-images.log 2>&1 & pid=$$!; \
	    { tail -n +1 -F --pid=$$pid $(LOG)/jdk-images.log 2>/dev/null \
	        | grep --line-buffered -E '^(Compiling|Creating|Building|Finished|Updating|Linking|Optimizing)' \
	        | while IFS= read -r line; do echo "    [$$(date +%H:%M:%S)] $$line"; done; } || true; \
	    wait $$pid || { echo "JDK build failed; last lines of build/logs/jdk-images.log:" >&2; \
	                    tail -n 40 $(LOG)/jdk-images.log >&2; exit 1; }

# The stubs and skeletons of the platform's remote interfaces (the
# registry's, the DGC's, JMX's), generated by the image itself and shipped
# as lib/fastrmi-stubs.dat, so that no JVM generates them at its first
# lookup or JMX connection (rmi-replacement/README.md, "Stubs ahead of
# time"). Written again whenever the JDK's make linked the image again; a
# sub-make, as cds-archive, which runs after it (its training uses them).
platform-stubs: $(IMAGE_DIR)/lib/fastrmi-stubs.dat
$(IMAGE_DIR)/lib/fastrmi-stubs.dat: $(IMAGE_DIR)/lib/modules
	$(call phase,the platform's stubs and skeletons (lib/fastrmi-stubs.dat))
	@$(IMAGE_DIR)/bin/java --add-modules java.management.rmi \
	    -m jdk.fastrmi/jdk.internal.fastrmi.PlatformStubs $@

# The image's default CDS archives hold the classes an RMI program's
# start-up loads (scripts/cds/train.sh: a training run, then the JDK's
# dump again). Trained again whenever the JDK's make linked the image
# again (lib/modules), or the training changed; a sub-make, so lib/modules
# is looked at after the JDK's make.
cds-archive: $(STAMPS)/cds-trained
$(STAMPS)/cds-trained: $(IMAGE_DIR)/lib/modules $(IMAGE_DIR)/lib/server/libjvm.so $(IMAGE_DIR)/lib/fastrmi-stubs.dat \
                       scripts/cds/train.sh scripts/cds/CdsTraining.java
	$(call phase,CDS archives with RMI's classes (scripts/cds/train.sh))
	@bash scripts/cds/train.sh $(IMAGE_DIR) $(CONF_DIR)/support/link_opt/classlist $(BUILD)/cds-training
	@mkdir -p $(STAMPS) && touch $@

fabric-native: $(STAMPS)/packages
	$(call phase,fabric-native: libfastfabric)
	@$(MAKE) --no-print-directory -C fabric-native

# Python with matplotlib for the report (pinned in
# bench/scripts/report-requirements.txt), in the cache, outside the checkout.
REPORT_VENV := $(GRANDE_CACHE)/report-venv
REPORT_PY   := $(REPORT_VENV)/bin/python

# ---------------------------------------------------------------- test ----

RESULTS := $(BUILD)/test-results
JTREG   := JTREG_JAVA=$(BOOT_JDK)/bin/java \
           scripts/run-jtreg.sh $(JTREG_HOME) $(IMAGE) $(RESULTS) $(TEST_CONC)

# The tiers `make test` runs; together about 28 minutes on a built image.
TEST_TIERS := grande serializable rmi rmi-compat fabric bench-smoke

# Every tier runs even when an earlier one fails; the summary decides.
test: image $(STAMPS)/jtreg
	@rm -f $(RESULTS)/*.summary
	@$(MAKE) --no-print-directory -k $(addprefix test-,$(TEST_TIERS)) || true
	@scripts/test-summary.sh $(RESULTS) $(TEST_TIERS)

# Our own tests (test/TEST.ROOT).
test-grande: $(STAMPS)/jtreg
	$(call phase,jtreg: GrandeJDK tests (test/))
	@$(JTREG) grande -e:GRANDE_REPO=$(CURDIR) -e:GRANDE_SOURCE=$(SRC) \
	    -e:GRANDE_STOCK_JDK=$(BOOT_JDK) -e:GRANDE_OLD_JDK=$(OLD_JDK) -e:FI_TCP_IFACE=lo $(CURDIR)/test

# Peer suites from the JDK's own test tree, with its ProblemList.
PEER_ARGS := -exclude:$(SRC)/test/jdk/ProblemList.txt

test-serializable: $(STAMPS)/jtreg
	$(call phase,jtreg: JDK peer suite java/io/Serializable)
	@$(JTREG) serializable $(PEER_ARGS) $(SRC)/test/jdk/java/io/Serializable

test-rmi: $(STAMPS)/jtreg
	$(call phase,jtreg: JDK peer suites java/rmi sun/rmi)
	@$(JTREG) rmi $(PEER_ARGS) $(SRC)/test/jdk/java/rmi $(SRC)/test/jdk/sun/rmi

# The JDK's java/rmi suite with RMI switched to jdk.fastrmi: pass/fail per
# directory in $(RESULTS)/rmi-compat.txt. Every test not in
# test/ProblemList-fastrmi.txt (one line and reason per excluded test) must
# pass: a failure is a compatibility regression. About 5 min.
test-rmi-compat: $(STAMPS)/jtreg
	$(call phase,jtreg: JDK java/rmi with -Djava.rmi.provider=fastrmi)
	@JTREG_JAVA=$(BOOT_JDK)/bin/java TEST_CONC=$(TEST_CONC) GRANDE_SOURCE=$(SRC) \
	    scripts/rmi-compat.sh $(JTREG_HOME) $(IMAGE) $(RESULTS)

test-fabric:
	$(call phase,fabric-native C tests)
	@mkdir -p $(RESULTS)
	@status=0; FI_TCP_IFACE=lo $(MAKE) --no-print-directory -C fabric-native test 2>&1 \
	    | tee $(RESULTS)/fabric.log || status=$$?; \
	awk '/^fabric-native: [0-9]+ passed, [0-9]+ failed/ { p += $$2; f += $$4 } \
	     END { printf "%d passed, %d failed\n", p, f }' $(RESULTS)/fabric.log > $(RESULTS)/fabric.summary; \
	exit $$status

# Every benchmark of bench/ once (JMH single shot, in process: one JVM per
# configuration), on the image and, where it can run, on stock; then the
# report from those results, so that neither rots; then the first-calls and
# busy-neighbours drivers once per configuration. Counted as one check per
# benchmark run or driver row; a failing benchmark stops the run (1 failed).
# The bulk area runs one size, 64 KiB (two rows of its double[][], two blocks
# of its list), not all ten up to 16 MiB (-p bytes names only its parameter).
SMOKE := $(BUILD)/bench/smoke
# What runs on stock Temurin in the smoke run: every class without image-only API.
SMOKE_STOCK := org\.grandejdk\.bench\.(rmi\.(RemoteCallStock|LocalCallStock|LocalCallPlain|RawTcp|jmx\.Jmx(Tls)?Stock)Bench|bulk\.BulkStockBench|vm\.(StreamArrayBench|IdentityHashBench)|serial\.(JdkStreams|JdkStreamsConnection|Kryo|Fory)Bench)\.
test-bench-smoke: $(REPORT_VENV)/.installed
	$(call phase,bench-smoke: every benchmark once, the first-calls and busy-neighbours drivers and the module A/B once, image and stock (results: build/bench/smoke/))
	@mkdir -p $(RESULTS)
	@status=0; \
	$(BENCH_ENV) BENCH_OUT=$(SMOKE) BENCH_IN_PROCESS=1 BENCH_RATIOS=0 BENCH_QUIET=1 \
	    BENCH_OPTS='-bm ss -wi 0 -i 1 -p bytes=65536' FI_TCP_IFACE=lo \
	    bench/scripts/run.sh smoke 'org\.grandejdk\.bench\.' '$(SMOKE_STOCK)' \
	&& $(REPORT_PY) bench/scripts/report.py collection --out $(SMOKE)/report \
	    --collection-image $(SMOKE)/smoke-image.json --collection-stock $(SMOKE)/smoke-stock.json \
	    --serial-image $(SMOKE)/smoke-image.json --serial-stock $(SMOKE)/smoke-stock.json \
	    --title 'GrandeJDK: the RMI benchmark collection, smoke run (not a measurement)' > /dev/null \
	&& $(BENCH_ENV) BENCH_OUT=$(SMOKE) COLD_RUNS=1 COLD_CALLS=1000 COLD_BACKGROUND=yes \
	    bench/scripts/coldstart.sh > $(SMOKE)/coldstart.log 2>&1 \
	&& $(BENCH_ENV) BENCH_OUT=$(SMOKE) BUSY_RUNS=1 BUSY_CALLERS=2 BUSY_SECONDS=1 BUSY_ALONE_SECONDS=1 \
	    BUSY_WARMUP_SECONDS=1 bench/scripts/busy.sh > $(SMOKE)/busy.log 2>&1 \
	&& $(BENCH_ENV) BENCH_OUT=$(SMOKE) AB_ROUNDS=2 AB_OPTS='-bm ss -wi 0 -i 1 -f 1' \
	    AB_MODULES='jdk.fastserial jdk.fastrmi' bench/scripts/ab-module.sh worktree worktree \
	    '(serial\.FastSerialBench\.write|fabric\.RemoteCallFastRmiTcpBench\.ping)$$' \
	    -p payload=int32 > $(SMOKE)/ab.log 2>&1 \
	|| status=$$?; \
	if [ $$status -eq 0 ]; then \
	    python3 -c 'import json, sys; print(sum(len(json.load(open(f))) for f in sys.argv[1:3]) \
	                + sum(len(open(f).readlines()) for f in sys.argv[3:]), "passed, 0 failed")' \
	        $(SMOKE)/smoke-image.json $(SMOKE)/smoke-stock.json $(SMOKE)/coldstart-rows.txt $(SMOKE)/busy-rows.txt; \
	else echo "0 passed, 1 failed (bench-smoke)"; fi > $(RESULTS)/bench-smoke.summary; \
	exit $$status

# ---------------------------------------------------------------- fuzz ----

# The jtreg fuzz test reads 100,000 mutated streams; this runs longer:
# FUZZ_SECONDS for jdk.fastserial's reader and as long again for the JDK's
# ObjectInputStream on the same mutations, with a histogram of outcomes.
# FUZZ_SEED=N repeats a run (the seed is printed).
FUZZ_SECONDS ?= 300
FUZZ_SOURCES := $(addprefix test/jdk/jdk/fastserial/fuzz/,FuzzCorpus.java Mutator.java FastStreamFuzzer.java FastFormat.java) $(wildcard test/lib/grande/test/samples/*.java)

.PHONY: fuzz-fastserial
fuzz-fastserial: image
	$(call phase,fuzz: jdk.fastserial reader and JDK ObjectInputStream ($(FUZZ_SECONDS) s each))
	@rm -rf $(BUILD)/fuzz && mkdir -p $(BUILD)/fuzz
	@$(IMAGE)/bin/javac -d $(BUILD)/fuzz $(FUZZ_SOURCES)
	@# the whole stack of an overflow, so that one inside class code (a key's
	@# hashCode over a cycle) is told from the reader's own (as the jtreg run does)
	@$(IMAGE)/bin/java -Xmx256m -XX:-OmitStackTraceInFastThrow -XX:MaxJavaStackTraceDepth=100000 \
	    -cp $(BUILD)/fuzz FastStreamFuzzer \
	    --target both --seconds $(FUZZ_SECONDS) $(if $(FUZZ_SEED),--seed $(FUZZ_SEED))

# --------------------------------------------------------------- bench ----

# JMH options of the area runs (bench-vm ...). The default takes bench-vm
# about 12 min on 2 cores; a smoke run: BENCH_OPTS='-f 1 -wi 1 -i 1 -w 200ms -r 200ms'.
# `make bench` has its own defaults per profile; BENCH_OPTS given on the
# command line replaces them too.
BENCH_AREA_OPTS := -f 1 -wi 3 -w 1s -i 5 -r 1s
BENCH_ENV  = IMAGE=$(IMAGE) STOCK_JDK=$(BOOT_JDK) M2_REPO=$(GRANDE_CACHE)/m2
BENCH_RUN  = $(BENCH_ENV) BENCH_OUT=$(BUILD)/bench \
             BENCH_OPTS='$(or $(BENCH_OPTS),$(BENCH_AREA_OPTS))' bench/scripts/run.sh

# The collection's profile: quick (in process, about 10 min) or long (forked,
# for publication, about 2.5 h). bench/README.md has the details.
BENCH_PROFILE ?= quick

REPORT_ARGS  = --collection-image $(1)/collection-image.json --collection-stock $(1)/collection-stock.json \
               --serial-image $(1)/collection-serial-image.json --serial-stock $(1)/collection-serial-stock.json

.PHONY: bench report bench-smoke test-bench-smoke bench-all bench-vm bench-serial bench-rmi bench-jmx bench-rmi-alloc bench-fabric \
        bench-load bench-coldstart bench-busy bench-scaling bench-bulk

# The RMI benchmark collection of Philippsen, Haumacher and Nester, "More
# Efficient Serialization and RMI for Java", section 6 (bench/scripts/collection.sh):
# results in build/bench/collection-*.json; `make report` renders them.
bench: image
	$(call phase,bench: the RMI benchmark collection, $(BENCH_PROFILE) profile (results: build/bench/collection-*))
	@$(BENCH_ENV) BENCH_OUT=$(BUILD)/bench $(if $(BENCH_OPTS),BENCH_OPTS='$(BENCH_OPTS)') \
	    bench/scripts/collection.sh $(BENCH_PROFILE)

# Table 3, Figures 4 and 5 of Philippsen et al. (README.md) and the
# serialization table, from the last `make bench`: build/bench/report/report.md and its PNGs.
report: $(REPORT_VENV)/.installed
	$(call phase,report: build/bench/report/report.md and its figures)
	@$(REPORT_PY) bench/scripts/report.py collection $(call REPORT_ARGS,$(BUILD)/bench) --out $(BUILD)/bench/report

$(REPORT_VENV)/.installed: bench/scripts/report-requirements.txt
	$(call phase,report: matplotlib from PyPI into $(REPORT_VENV))
	@python3 -m venv $(REPORT_VENV) || { scripts/install-build-deps.sh python3-venv && python3 -m venv $(REPORT_VENV); }
	@$(REPORT_VENV)/bin/pip install -q --disable-pip-version-check -r $<
	@touch $@

# Every benchmark of bench/ once (test-bench-smoke), for a built image.
bench-smoke: image
	@$(MAKE) --no-print-directory test-bench-smoke

# Every benchmark area (bench/README.md); results and reports in build/bench/.
bench-all: bench-vm bench-serial bench-rmi bench-jmx bench-fabric

# VM-level serialization support: every vm benchmark on the image, the
# stream benchmarks (plain JDK API) on stock too; report build/bench/vm-report.md.
bench-vm: image
	$(call phase,bench-vm: JMH on the image and on stock (results: build/bench/vm-*))
	@$(BENCH_RUN) vm 'org\.grandejdk\.bench\.vm\.' 'org\.grandejdk\.bench\.vm\.(StreamArrayBench|IdentityHashBench)\.'

# jdk.fastserial against JDK streams, Kryo 5 and Apache Fory (Philippsen et al.
# Table 2 and more), all on the image; JDK streams on stock too. About 20 min;
# report build/bench/serial-report.md.
bench-serial: image
	$(call phase,bench-serial: JMH on the image and on stock (results: build/bench/serial-*))
	@$(BENCH_RUN) serial 'org\.grandejdk\.bench\.serial\.' 'org\.grandejdk\.bench\.serial\.JdkStreams(Connection)?Bench\.'

# Remote calls (the ping kernels with the arguments of Philippsen et al.'s
# Table 3) and local calls (Haumacher and Philippsen, "Exploiting Object
# Locality in JavaParty", Table 1): stock RMI and
# jdk.fastrmi, each with JDK and fast serialization, the server in a second
# JVM on the loopback, and the raw TCP floor; the classes without image-only
# API on stock too (the whole collection is `make bench`). About 15 min;
# report build/bench/rmi-report.md.
RMI_AREA   := org\.grandejdk\.bench\.rmi\.(RemoteCall\w+Bench\.(ping|pingIntInt|pingIntIntFloatFloat|pingObject)|(LocalCall\w+|RawTcp)Bench\.\w+)$$
RMI_STOCK  := org\.grandejdk\.bench\.rmi\.(RemoteCallStockBench\.(ping|pingIntInt|pingIntIntFloatFloat|pingObject)|(LocalCallStock|LocalCallPlain|RawTcp)Bench\.\w+)$$
bench-rmi: image
	$(call phase,bench-rmi: JMH on the image and on stock (results: build/bench/rmi-*))
	@$(BENCH_ENV) BENCH_OUT=$(BUILD)/bench \
	    BENCH_OPTS='$(or $(BENCH_OPTS),$(BENCH_AREA_OPTS)) -p payload=int32,int4null2,tree15,float50,float5000' \
	    bench/scripts/run.sh rmi '$(RMI_AREA)' '$(RMI_STOCK)'

# JMX over RMI (org.grandejdk.bench.rmi.jmx): getAttribute through a
# connector server in a second JVM, a notification listener registered, on
# stock RMI and with -Djava.rmi.provider=fastrmi at both ends; stock RMI on
# stock Temurin too. About 2 min; report build/bench/jmx-report.md.
bench-jmx: image
	$(call phase,bench-jmx: JMH on the image and on stock (results: build/bench/jmx-*))
	@$(BENCH_RUN) jmx 'org\.grandejdk\.bench\.rmi\.jmx\.' 'org\.grandejdk\.bench\.rmi\.jmx\.Jmx(Tls)?StockBench\.'

# The fabric technology (bench/scripts/fabric.sh): libfastfabric's C ping-pong
# floor (make -C fabric-native bench), the same through FFM from Java, and
# void ping() and Object ping(32 int) on jdk.fastrmi over fabric shm, fabric
# tcp;ofi_rxm and tcp and on stock RMI (image and stock), FI_TCP_IFACE=lo
# (loopback only). About 2.5 min; report build/bench/fabric-report.md.
bench-fabric: image
	$(call phase,bench-fabric: C floor then JMH on the image and on stock (results: build/bench/fabric-*))
	@$(BENCH_ENV) BENCH_OUT=$(BUILD)/bench BENCH_OPTS='$(or $(BENCH_OPTS),$(BENCH_AREA_OPTS))' \
	    bench/scripts/fabric.sh

# How many callers one server with a 256 MB heap holds, stock RMI against
# jdk.fastrmi, and its ping latency at that load (bench/scripts/load.sh, a
# load driver, not JMH). About 3 min; report build/bench/load-report.md.
bench-load: image
	$(call phase,bench-load: the server load driver on the image and on stock (results: build/bench/load-*))
	@$(BENCH_ENV) BENCH_OUT=$(BUILD)/bench bench/scripts/load.sh

# An unchanged RMI program's first 3000 calls, each run a fresh client and
# server JVM, with and without a listener thread waiting (bench/scripts/
# coldstart.sh, a driver, not JMH). About 3 min; report
# build/bench/coldstart-report.md.
bench-coldstart: image
	$(call phase,bench-coldstart: the first calls of fresh JVMs on the image and on stock (results: build/bench/coldstart-*))
	@$(BENCH_ENV) BENCH_OUT=$(BUILD)/bench bench/scripts/coldstart.sh

# Calls beside busy neighbours: a compute thread in the client's JVM and in
# the server's all along; calls/s against stock and the compute threads'
# progress against alone (bench/scripts/busy.sh, a driver, not JMH). About
# 7 min; report build/bench/busy-report.md.
bench-busy: image
	$(call phase,bench-busy: calls beside a compute thread in each JVM, image and stock (results: build/bench/busy-*))
	@$(BENCH_ENV) BENCH_OUT=$(BUILD)/bench bench/scripts/busy.sh

# Calls/s against one server from 1 to 64 callers, stock RMI on stock
# Temurin against jdk.fastrmi over tcp and shm (bench/scripts/scaling.sh;
# SCALING_WAITS='adaptive block spin' compares the wait policies). About
# 8 min; report build/bench/scaling-report.md and scaling.png.
bench-scaling: image $(REPORT_VENV)/.installed
	$(call phase,bench-scaling: calls/s by callers - stock vs jdk.fastrmi (results: build/bench/scaling*))
	@$(BENCH_ENV) BENCH_OUT=$(BUILD)/bench REPORT_PY=$(REPORT_PY) bench/scripts/scaling.sh

# Bulk data as HPC reads a transport (bench/scripts/bulk.sh): the round trip
# (echo) and one-way bandwidth (void take) of byte, int and double arrays,
# double[][] and List<double[]>, 8 B to 16 MiB, on stock RMI (stock Temurin
# and the image) and jdk.fastrmi over tcp and fabric shm, beside floors of
# the same bytes: memcpy, C over TCP, MPI (Open MPI over shared memory,
# installed from Debian's packages if missing) and ff_pingpong. Quick profile
# about 15 min; BENCH_PROFILE=long (forked) about 1.5 h. Report
# build/bench/bulk-report.md, bulk-latency.png, bulk-bandwidth.png.
bench-bulk: image $(REPORT_VENV)/.installed
	$(call phase,bench-bulk: bulk data - floors then JMH on the image and on stock (results: build/bench/bulk-*))
	@$(BENCH_ENV) BENCH_OUT=$(BUILD)/bench REPORT_PY=$(REPORT_PY) $(if $(BENCH_OPTS),BENCH_OPTS='$(BENCH_OPTS)') \
	    bench/scripts/bulk.sh $(BENCH_PROFILE)

# Allocation per call of jdk.fastrmi's primitive calls (B/op about 0):
# JMH's gc profiler; B/op in the console table and build/bench/rmi-alloc-image.log.
bench-rmi-alloc: image
	$(call phase,bench-rmi-alloc: JMH -prof gc on jdk.fastrmi ping() and ping(int and int))
	@$(BENCH_ENV) BENCH_OUT=$(BUILD)/bench \
	    BENCH_OPTS='$(or $(BENCH_OPTS),$(BENCH_AREA_OPTS)) -prof gc' bench/scripts/run.sh rmi-alloc \
	    'org\.grandejdk\.bench\.rmi\.RemoteCallFastRmiBench\.(ping|pingIntInt)$$'

# -------------------------------------------------------------- helpers ----

help:
	@sed -n '1,/^$$/p' Makefile | sed 's/^# \{0,1\}//'
	@echo 'Other targets:'
	@echo '  deps source configure   the build phases, one at a time'
	@echo '  check-fetch             both pinned inputs into an empty cache (what CI runs first)'
	@echo '  check-series            every prefix of the patch series applies and compiles (javac)'
	@echo '  platform-stubs          write the image'"'"'s lib/fastrmi-stubs.dat again if the image changed (part of make)'
	@echo '  cds-archive             train the image'"'"'s CDS archives with RMI'"'"'s classes again if the image changed (part of make)'
	@echo '  test-grande test-serializable test-rmi test-fabric   one test tier'
	@echo '  test-rmi-compat         the JDK java/rmi suite on jdk.fastrmi: pass/fail per directory'
	@echo '  bench                   the RMI benchmark collection (BENCH_PROFILE=quick|long): build/bench/collection-*'
	@echo '  report                  its report, Table 3 and Figures 4 and 5: build/bench/report/report.md'
	@echo '  bench-smoke             every benchmark once, and the report from that (part of make test)'
	@echo '  bench-all bench-vm bench-serial bench-rmi bench-rmi-alloc   JMH benchmark areas, image against stock: build/bench/ (BENCH_OPTS=jmh options)'
	@echo '  bench-jmx               JMX getAttribute, stock RMI and jdk.fastrmi: build/bench/jmx-report.md'
	@echo '  bench-fabric            libfastfabric C floor, FFM and RMI over the fabric: build/bench/fabric-report.md'
	@echo '  bench-load              callers one small-heap server holds, stock vs jdk.fastrmi: build/bench/load-report.md'
	@echo '  bench-coldstart         an unchanged program'"'"'s first 3000 calls in fresh JVMs, stock vs jdk.fastrmi: build/bench/coldstart-report.md'
	@echo '  bench-busy              calls beside a compute thread in each JVM, stock vs jdk.fastrmi: build/bench/busy-report.md'
	@echo '  bench-scaling           calls/s from 1 to 64 callers, stock vs jdk.fastrmi tcp and shm: build/bench/scaling-report.md'
	@echo '  bench-bulk              bulk data 8 B-16 MiB, round trip and bandwidth vs memcpy, TCP, MPI, ff_pingpong: build/bench/bulk-report.md'
	@echo '  fuzz-fastserial         a longer fuzz run of the fast reader (FUZZ_SECONDS, FUZZ_SEED)'
	@echo '  clean                   remove build/ (keeps the cache $(GRANDE_CACHE))'
	@echo 'Variables: GRANDE_CACHE BOOT_JDK JOBS TEST_CONC'

clean:
	rm -rf $(BUILD)

FORCE:
