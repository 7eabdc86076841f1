// One source compiled into two objects: into libclassify.so as
// libClassify and into the program as appClassify (-DCLASSIFY=...). Line
// numbers matter: objects.findings.json names them.
int CLASSIFY(int X) {
  int R = X * 2; // line 5: runs in both objects, once each
  if (X > 0)
    R += 1; // line 7: runs only in the program's object
  else
    R -= 1; // line 9: runs only in the library's object
  return R;
}
