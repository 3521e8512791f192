package io.redwire.msg;

/** A message value that is shared by reference, never cloned or serialised (Node-RED's msg.req / msg.res). */
public interface SharedRef {
}
