#!/bin/sh
# The tools' `git` (installed by src/git/agent/shim.ts as `git` first on the tools' PATH). Where gitclaw
# keeps the git directory (the workspace's, a pull request worktree's), git works in the agent's own
# repository for it, as the `repos` file beside this one says ("<trusted>\t<agent>" lines): the git
# directory is the one git itself finds, `-C` followed. `init` and `clone` make repositories of their
# own as ever, `worktree` lists the workspace's; `push` is answered in one line. The real git is the
# one the `real-git` file beside this one names.
push_answer="gitclaw: tool commands cannot push (they hold no credential). Commit on the branch the run started on: gitclaw pushes those commits, with their messages, when the run ends; another branch is published by the github tool's pr_create with head=<branch>."
force_push_answer="gitclaw: tool commands cannot push, and gitclaw never forces a push: add new commits on top of the branch's history instead of rewriting it; gitclaw delivers them when the run ends."
delete_push_answer="gitclaw: tool commands cannot push, and gitclaw deletes no branch on the remote: a branch of yours that is not published (pr_create with head=<branch>) ends with the run."

case $0 in */*) here=${0%/*} ;; *) here=. ;; esac
IFS= read -r real < "$here/real-git"

dir=. skip='' cmd=''
for arg in "$@"; do
  if [ "$skip" = C ]; then case "$arg" in /*) dir=$arg ;; *) dir=$dir/$arg ;; esac; skip=; continue; fi
  if [ "$skip" = c ]; then skip=; continue; fi
  case "$arg" in -C) skip=C ;; -c) skip=c ;; -*) ;; *) cmd=$arg; break ;; esac
done
case "$cmd" in
  push)
    answer=$push_answer
    for arg in "$@"; do
      case "$arg" in
        -f|--force|--force-*|+*) answer=$force_push_answer ;;
        -d|--delete|:*) answer=$delete_push_answer ;;
      esac
    done
    echo "$answer" >&2; exit 1 ;;
  init|clone|worktree) exec "$real" "$@" ;;
esac
if [ -z "$GIT_DIR" ]; then
  found=$(cd "$dir" 2>/dev/null && cd "$("$real" rev-parse --absolute-git-dir 2>/dev/null)" 2>/dev/null && pwd -P)
  tab=$(printf '\t')
  while IFS=$tab read -r trusted agent; do
    if [ -n "$found" ] && [ "$trusted" = "$found" ]; then GIT_DIR=$agent; export GIT_DIR; break; fi
  done < "$here/repos"
fi
exec "$real" "$@"
