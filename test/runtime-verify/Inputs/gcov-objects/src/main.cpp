// Calls the program's copy of classify.cpp with a positive number and the
// library's copy with a negative one.
int appClassify(int X);
int libClassify(int X);

int main(int Argc, char **) { return appClassify(Argc) + libClassify(-Argc) == 12345; }
