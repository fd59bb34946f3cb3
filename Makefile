# notesite — build the site and run the tests. `make site` and `make test` are all a fresh machine needs.

SWIFT ?= swift
# Debian packages the build links against (cmark-gfm and its GFM extensions).
SYSTEM_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
NOTESITE := .build/release/notesite

.PHONY: site test deps release check clean

## site: install what is missing, build notesite in release mode and write the site to public/
site: release
	$(NOTESITE) build

## test: run the test suite
test: deps
	$(SWIFT) test --disable-xctest

## check: run notesite's checks on Content/ (writes nothing)
check: release
	$(NOTESITE) check

release: deps
	$(SWIFT) build -c release --product notesite

## deps: install the Debian packages the build needs, only when they are missing
deps:
	@missing=""; \
	for package in $(SYSTEM_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing$$missing with apt-get"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

clean:
	rm -rf .build
	find public -mindepth 1 -maxdepth 1 ! -name .gitignore -exec rm -rf {} +
