#!/bin/sh
# The linker of the wasm builds (.cargo/config.toml names it): rust-lld, without the exports of
# wasm-streams' classes (IntoUnderlyingSource, IntoUnderlyingByteSource, IntoUnderlyingSink).
# Leptos links wasm-streams in through server_fn's `browser` feature; no island constructs
# those classes, and once their exports are gone the linker keeps neither their code, nor the
# futures and messages only they reach, nor the glue wasm-bindgen would write for them.
# rustc runs its linker with the toolchain's own tools (rust-lld among them) on PATH.
for arg do
  shift
  if [ "${pending:-}" = 1 ]; then
    pending=
    case $arg in *intounderlying*) continue ;; esac
    set -- "$@" --export "$arg"
    continue
  fi
  case $arg in
    --export) pending=1 ;;
    --export=*intounderlying*) ;;
    *) set -- "$@" "$arg" ;;
  esac
done
exec rust-lld "$@"
