package io.redwire.runtime;

/** A message value that is shared by reference, never cloned or serialised (Node-RED's msg.req / msg.res). */
public interface SharedRef {
}
