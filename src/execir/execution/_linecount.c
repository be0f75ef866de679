/* execir.execution._linecount: the line counter of execir.construction.work in C.

   Counts what the Python tracer of work.py's template counts -- the ``line`` events of frames
   whose code's co_filename is "<snippet>" -- and does, at every event, what CPython 3.11's
   sys.settrace machinery (Python/sysmodule.c, trace_trampoline and call_trampoline) does around
   a Python trace function, so a snippet sees the same interpreter state under either counter:

   - a ``call`` event goes to the counter for every frame; a snippet frame's f_trace is then set
     (to the counter), another frame's is left as it is; any other event goes to the frame's
     f_trace, and a frame without one gets none (frames already running when tracing started);
   - around each such call a frame whose f_locals dict was made since its last event has its
     fast locals copied to it and back (locals_before, PyFrame_LocalsToFast): what the dict holds,
     and so when an object it refers to is freed, is the same;
   - each such call takes the recursion-depth units the Python function takes (python_step), so
     a snippet near the recursion limit gets its RecursionError at the same depth, at the same
     event and after the same count;
   - an error (the line budget ``room`` exceeded: an instance of the ``over`` class is raised; a
     RecursionError) unsets tracing and clears the frame's f_trace, as trace_trampoline does.

   What a Python tracer does that this does not: its own frame in a traceback of the ``over``
   exception, and pending signal handlers run inside it.  Built for CPython 3.11 only (3.12 runs
   sys.settrace on sys.monitoring); elsewhere the build skips it and the Python tracer runs. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <frameobject.h>

#if PY_VERSION_HEX < 0x030B0000 || PY_VERSION_HEX >= 0x030C0000
#error "execir's line counter mirrors CPython 3.11's sys.settrace"
#endif

/* The head of 3.11's struct _frame (Include/internal/pycore_frame.h): f_trace is read and set,
   f_fast_as_locals read. */
typedef struct {
    PyObject_HEAD
    PyFrameObject *f_back;
    void *f_frame;
    PyObject *f_trace;
    int f_lineno;
    char f_trace_lines;
    char f_trace_opcodes;
    char f_fast_as_locals;
} FrameHead;

#define F_TRACE(frame) (((FrameHead *)(frame))->f_trace)

/* call_trampoline's copies of a frame's locals: refreshed before the tracer where something has
   made the frame's f_locals dict since the last event (frame.f_locals, locals()), and written
   back after it (PyFrame_LocalsToFast does nothing to other frames). */
static int
locals_before(PyFrameObject *frame)
{
    if (((FrameHead *)frame)->f_fast_as_locals) {
        return PyFrame_FastToLocalsWithError(frame);
    }
    return 0;
}

typedef struct {
    PyObject_HEAD
    long long lines;     /* line events counted */
    long long room;      /* the count may reach this; one more raises over() */
    int bounded;         /* 0: room is infinite */
    PyObject *over;      /* the exception class raised past room */
    PyObject *filename;  /* "<snippet>" */
} Counter;

static PyObject *WHAT[8];  /* event names, as sys.settrace passes them */

/* 1: a frame of the snippet; 0: not; -1: error. */
static int
is_snippet(Counter *self, PyFrameObject *frame)
{
    PyCodeObject *code = PyFrame_GetCode(frame);
    int compared = code->co_filename == self->filename
        ? 0 : PyUnicode_Compare(code->co_filename, self->filename);
    Py_DECREF(code);
    if (compared == -1 && PyErr_Occurred()) {
        return -1;
    }
    return compared == 0;
}

/* The work of the Python tracer's function for one event (``call`` for a call event, ``local``
   for the others), recursion checks included: 1 when it returns the local tracer (the frame's
   f_trace is then set), 0 when it returns None, -1 when it raises.

   The Python tracer's frame, entered from C, takes one recursion-depth unit (3.11's
   _PyEval_EvalFrameDefault, start_frame); inside it, its comparisons are specialised (no check)
   but ``lines > room`` against the float('inf') of an uncapped count, which goes through
   PyObject_RichCompare and its check of one more unit, after ``lines += 1``. */
static int
python_step(Counter *self, PyFrameObject *frame, int what)
{
    int result = 1;
    if (Py_EnterRecursiveCall("")) {
        return -1;
    }
    if (what == PyTrace_CALL) {
        result = is_snippet(self, frame);
    }
    else if (what == PyTrace_LINE) {
        self->lines++;
        if (!self->bounded) {
            if (Py_EnterRecursiveCall(" in comparison")) {
                result = -1;
            }
            else {
                Py_LeaveRecursiveCall();
            }
        }
        else if (self->lines > self->room) {
            PyObject *exc = PyObject_CallNoArgs(self->over);
            if (exc != NULL) {
                PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
                Py_DECREF(exc);
            }
            result = -1;
        }
    }
    Py_LeaveRecursiveCall();
    return result;
}

/* trace_trampoline's failure: tracing unset, the frame's f_trace cleared, the error raised. */
static int
fail(PyFrameObject *frame)
{
    PyEval_SetTrace(NULL, NULL);
    Py_CLEAR(F_TRACE(frame));
    return -1;
}

/* A frame whose f_trace something else set (the snippet): called as sys.settrace would. */
static int
foreign(PyObject *callback, PyFrameObject *frame, int what, PyObject *arg)
{
    if (locals_before(frame) < 0) {
        return fail(frame);
    }
    Py_INCREF(callback);
    PyObject *result = PyObject_CallFunctionObjArgs(callback, (PyObject *)frame, WHAT[what],
                                                    arg != NULL ? arg : Py_None, NULL);
    Py_DECREF(callback);
    PyFrame_LocalsToFast(frame, 1);
    if (result == NULL) {
        return fail(frame);
    }
    if (result != Py_None) {
        Py_XSETREF(F_TRACE(frame), result);
    }
    else {
        Py_DECREF(result);
    }
    return 0;
}

/* The Py_tracefunc: trace_trampoline and call_trampoline around python_step. */
static int
trace(PyObject *obj, PyFrameObject *frame, int what, PyObject *arg)
{
    PyObject *callback = what == PyTrace_CALL ? obj : F_TRACE(frame);
    if (callback == NULL) {
        return 0;
    }
    if (callback != obj) {
        return foreign(callback, frame, what, arg);
    }
    if (locals_before(frame) < 0) {
        return fail(frame);
    }
    int result = python_step((Counter *)obj, frame, what);
    PyFrame_LocalsToFast(frame, 1);
    if (result < 0) {
        return fail(frame);
    }
    if (result == 1) {
        Py_INCREF(obj);
        Py_XSETREF(F_TRACE(frame), obj);
    }
    return 0;
}

static int
Counter_init(Counter *self, PyObject *args, PyObject *kwds)
{
    PyObject *room, *over;
    static char *kwlist[] = {"room", "over", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO:Counter", kwlist, &room, &over)) {
        return -1;
    }
    if (!PyType_Check(over) || !PyType_IsSubtype((PyTypeObject *)over,
                                                 (PyTypeObject *)PyExc_BaseException)) {
        PyErr_SetString(PyExc_TypeError, "over must be an exception class");
        return -1;
    }
    self->bounded = 1;
    if (PyFloat_Check(room)) {
        double r = PyFloat_AS_DOUBLE(room);
        if (Py_IS_INFINITY(r) && r > 0) {
            self->bounded = 0;
        }
        else if (Py_IS_NAN(r) || r >= 9.0e18 || r <= -9.0e18) {
            PyErr_SetString(PyExc_ValueError, "room must be finite, +inf or an int");
            return -1;
        }
        else {
            self->room = (long long)floor(r);  /* lines > r exactly when lines > floor(r) */
        }
    }
    else {
        self->room = PyLong_AsLongLong(room);
        if (self->room == -1 && PyErr_Occurred()) {
            return -1;
        }
    }
    Py_INCREF(over);
    Py_XSETREF(self->over, over);
    self->lines = 0;
    return 0;
}

static PyObject *
Counter_start(Counter *self, PyObject *Py_UNUSED(ignored))
{
    /* as sys.settrace: one "sys.settrace" audit event, and a hook's refusal raised here */
    if (_PyEval_SetTrace(PyThreadState_Get(), trace, (PyObject *)self) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *
Counter_count(Counter *self, PyObject *Py_UNUSED(ignored))
{
    return PyLong_FromLongLong(self->lines);
}

/* Called as a Python trace function (sys.settrace(sys.gettrace()) in a snippet): the Python
   tracer's ``call`` and ``local`` in one. */
static PyObject *
Counter_call(Counter *self, PyObject *args, PyObject *kwds)
{
    PyObject *frame, *event, *arg;
    if (!PyArg_ParseTuple(args, "O!UO:Counter", &PyFrame_Type, &frame, &event, &arg)) {
        return NULL;
    }
    int what = PyUnicode_CompareWithASCIIString(event, "call") == 0 ? PyTrace_CALL
        : PyUnicode_CompareWithASCIIString(event, "line") == 0 ? PyTrace_LINE : PyTrace_RETURN;
    int result = python_step(self, (PyFrameObject *)frame, what);
    if (result < 0) {
        return NULL;
    }
    if (result == 0) {
        Py_RETURN_NONE;
    }
    Py_INCREF(self);
    return (PyObject *)self;
}

static int
Counter_traverse(Counter *self, visitproc visit, void *arg)
{
    Py_VISIT(self->over);
    return 0;
}

static int
Counter_clear(Counter *self)
{
    Py_CLEAR(self->over);
    return 0;
}

static void
Counter_dealloc(Counter *self)
{
    PyObject_GC_UnTrack(self);
    Counter_clear(self);
    Py_XDECREF(self->filename);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *
Counter_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    Counter *self = (Counter *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    self->filename = PyUnicode_InternFromString("<snippet>");
    if (self->filename == NULL) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static PyMethodDef Counter_methods[] = {
    {"start", (PyCFunction)Counter_start, METH_NOARGS,
     "start() -> None: count from now on (PyEval_SetTrace); sys.settrace(None) stops."},
    {"count", (PyCFunction)Counter_count, METH_NOARGS,
     "count() -> int: the line events of snippet frames counted so far."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CounterType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "execir.execution._linecount.Counter",
    .tp_doc = PyDoc_STR("Counter(room, over): counts the line events of frames compiled from "
                        "'<snippet>'; past room (an int, or float('inf')) lines it raises over() "
                        "in the running code and unsets tracing."),
    .tp_basicsize = sizeof(Counter),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_new = Counter_new,
    .tp_init = (initproc)Counter_init,
    .tp_dealloc = (destructor)Counter_dealloc,
    .tp_traverse = (traverseproc)Counter_traverse,
    .tp_clear = (inquiry)Counter_clear,
    .tp_call = (ternaryfunc)Counter_call,
    .tp_methods = Counter_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_linecount",
    "The line counter of execir.construction.work in C (CPython 3.11).", -1, NULL,
};

PyMODINIT_FUNC
PyInit__linecount(void)
{
    static const char *names[8] = {"call", "exception", "line", "return",
                                   "c_call", "c_exception", "c_return", "opcode"};
    for (int i = 0; i < 8; i++) {
        if (WHAT[i] == NULL && (WHAT[i] = PyUnicode_InternFromString(names[i])) == NULL) {
            return NULL;
        }
    }
    if (PyType_Ready(&CounterType) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) {
        return NULL;
    }
    Py_INCREF(&CounterType);
    if (PyModule_AddObject(m, "Counter", (PyObject *)&CounterType) < 0) {
        Py_DECREF(&CounterType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
