#!/bin/sh
# The test origin's pre-receive hook: GitHub's refusals, in test/support/origin/pre-receive.ts, run
# with the bun that installed it (a push over HTTP gets a bare environment, so the origin's config
# names both). The pushed refs come on stdin, as git gives them.
exec "$(git config --get gitclaw.runtime)" "$(git config --get gitclaw.hook)"
