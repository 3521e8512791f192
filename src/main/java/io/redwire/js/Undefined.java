package io.redwire.js;

/** JavaScript's undefined where it must be told apart from null (absent property, delete on set). */
public enum Undefined {
    VALUE
}
