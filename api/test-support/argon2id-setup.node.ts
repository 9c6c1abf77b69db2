/**
 * Vitest setup (vitest.config.ts): tests hash and verify passwords with the WASM argon2id
 * the runtimes use, on the main thread, instead of the slower pure-JS fallback.
 * argon2id.test.ts checks that both give the same bytes, and the pool in its own test.
 */
import { lazyArgon2id } from "../services/auth/argon2id";
import { installArgon2id } from "../services/auth/password";
import { loadWasmArgon2id } from "../../server/argon2id.node.ts";

installArgon2id(lazyArgon2id(loadWasmArgon2id));
