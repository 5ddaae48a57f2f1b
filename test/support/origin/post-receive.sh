#!/bin/sh
# The test origin's post-receive hook: after an accepted push, which refs it moved, under the id the
# HTTP server gave the request (GITCLAW_TEST_PUSH), so the server can say which token pushed them.
while read -r old new ref; do echo "$GITCLAW_TEST_PUSH $old $new $ref" >>pushes.log; done
