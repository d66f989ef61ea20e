"""A numba search's state held in one place, so that its recursion passes only integers.

Why: a numba function that hands numpy arrays on to a recursive call pays,
at every node, a reference-count increment and decrement per array (calls
into numba's runtime, ``NRT_incref`` / ``NRT_decref``) and passes five
machine words per array. On our Connect Four solver that made each node a
third slower than the same search in C++ (issue 19). A search's arrays are
set up once per search, so they need not travel with every call.

The pattern:

* The search's small state (counters, the node limit, the board's
  constants, per-ply move buffers) is one record of a numpy structured
  dtype (sub-arrays are fields of a fixed shape, sized for the largest
  board). Python allocates it once with ``np.zeros(1, dtype)``; the
  outermost kernel takes that array, and passes ``state[0]`` (a record: one
  pointer, no reference count) to the recursion. Fields read and write in
  place: ``state.nodes += 1``, ``state.moves[ply, i] = m``.
* Large arrays whose size is chosen at run time (a transposition table)
  stay numpy arrays owned by the Python object, which keeps them alive; the
  record holds their ``address_of`` and size, and kernels reach them with
  ``load`` / ``store`` (one machine load or store, no bounds check: the
  kernel's own arithmetic keeps the index in range). The tables' layouts,
  their probes and stores, are ``bots/lib/ttable.py``'s.
* One call from Python into the kernels per search (or per batch of
  searches), never per node or per position of a batch.
* ``refcount_calls(dispatcher)`` counts the reference-count calls in a
  compiled kernel: a test keeps the hot recursion at zero.

``bots/lib/connect4_solver.py`` is the worked example.
"""
from __future__ import annotations

import re

import numpy as np
from numba import njit, typeof, types
from numba.core.errors import TypingError
from numba.extending import intrinsic


def address_of(array: np.ndarray) -> int:
    """The address of a C-contiguous array's first element, for ``load`` / ``store``.

    The caller must keep ``array`` alive (and not resize it) while kernels use the address.
    """
    if not array.flags.c_contiguous:
        raise ValueError(f"an array of shape {array.shape} is not C-contiguous; its address cannot index it")
    return int(array.ctypes.data)


def _element_pointer(context, builder, dtype, address, index, index_type):
    """An LLVM pointer to element ``index`` of the ``dtype`` array at integer ``address``."""
    element = context.get_value_type(dtype)
    base = builder.inttoptr(address, element.as_pointer())
    offset = context.cast(builder, index, index_type, types.intp)
    return builder.gep(base, [offset])


def _number_class(dtype, where: str):
    if not isinstance(dtype, types.NumberClass):
        raise TypingError(f"{where}: the first argument must be a numpy scalar type such as np.uint64, got {dtype}")
    return dtype.instance_type


@intrinsic
def load(typingctx, dtype, address, index):
    """``load(np.uint64, address, i)``: element ``i`` of the array of that type at ``address``."""
    element = _number_class(dtype, "load")
    sig = element(dtype, types.uint64, index)

    def codegen(context, builder, signature, args):
        _, address_value, index_value = args
        return builder.load(_element_pointer(context, builder, element, address_value, index_value,
                                             signature.args[2]))

    return sig, codegen


@intrinsic
def store(typingctx, dtype, address, index, value):
    """``store(np.uint64, address, i, v)``: set element ``i`` of the array of that type at ``address`` to ``v``."""
    element = _number_class(dtype, "store")
    sig = types.void(dtype, types.uint64, index, value)

    def codegen(context, builder, signature, args):
        _, address_value, index_value, new = args
        converted = context.cast(builder, new, signature.args[3], element)
        builder.store(converted, _element_pointer(context, builder, element, address_value, index_value,
                                                  signature.args[2]))
        return context.get_dummy_value()

    return sig, codegen


_REFCOUNT_CALL = re.compile(r"call\s+void\s+@NRT_(incref|decref)\b")


def refcount_calls(dispatcher, *example_args) -> int:
    """The number of calls to numba's reference counting in ``dispatcher``'s code.

    For the argument types of ``example_args`` if given, else for each
    signature the function was called with from Python. Numba cannot show
    the code it loaded from its disk cache, so the function is compiled
    afresh (not cached) for the inspection; the functions it calls are not
    counted.
    """
    if example_args:
        signatures = [tuple(typeof(arg) for arg in example_args)]
    elif dispatcher.signatures:
        signatures = dispatcher.signatures
    else:
        raise ValueError(f"{dispatcher.py_func.__name__} has not been compiled yet: give example arguments")
    options = {k: v for k, v in dispatcher.targetoptions.items() if k not in ("cache", "nopython")}
    fresh = njit(**options)(dispatcher.py_func)
    for signature in signatures:
        fresh.compile(signature)
    return sum(len(_REFCOUNT_CALL.findall(text)) for text in fresh.inspect_llvm().values())
