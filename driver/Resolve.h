//===--- Resolve.h - Whole-program facts from the files' summaries --------===//
//
// Part of torchsync. Joins the summaries of a whole-project run
// (checks/program/Summary.h) over the project's call graph and keeps the
// candidate findings whose conditions hold (docs/options.md, "Whole-program
// facts"):
//   - a function is hot when a call to it is in a loop or another hot place,
//     or in a function that is hot (to a fixpoint), or when any file
//     registers it as an operator-library entry point (then its parameters
//     are open too);
//   - a parameter's device is the join of what every call site passes (all
//     CPU: CPU; any CUDA: CUDA; else unknown), for functions whose callers
//     are all seen: at least one call in the project, not virtual, address
//     never taken, not an operator entry point, and internal linkage or a
//     project that defines `main` (a library's external functions may be
//     called from outside);
//   - a user function returns the join of its returns' devices;
//   - a project whose user code never reaches CUDA gets no finding that
//     rests on "if ... is a CUDA tensor".
// Findings whose conditions hold get notes at the places in other files
// that decided them ("'step' is called in a loop here").
//
//===----------------------------------------------------------------------===//

#ifndef TORCHSYNC_DRIVER_RESOLVE_H
#define TORCHSYNC_DRIVER_RESOLVE_H

#include "Findings.h"
#include "program/Summary.h"
#include "utils/FactsFile.h"
#include <vector>

namespace torchsync {

// The per-file summaries (checks/program/Summary.h).
using clang::tidy::torchsync::CallSummary;
using clang::tidy::torchsync::DeviceValue;
using clang::tidy::torchsync::FunctionSummary;
using clang::tidy::torchsync::RegistrationSummary;
using clang::tidy::torchsync::Summary;
using clang::tidy::torchsync::SummaryPlace;

/// The resolved facts of a project.
class ProgramModel {
public:
  /// Summaries of the analyzed files; Complete is false when some file of
  /// the project could not be summarized (its calls are not seen: every
  /// parameter stays unknown and the program may reach CUDA).
  ProgramModel(std::vector<Summary> Summaries, bool Complete);

  /// Drops the findings whose conditions do not hold and adds the notes
  /// that explain those that do; findings without conditions are kept as
  /// they are.
  void apply(std::vector<Finding> &Findings, SourceFiles &Sources) const;

  bool reachesCuda() const { return ReachesCuda; }

  /// The resolved facts, for the summary file (checks/utils/FactsFile.h):
  /// every hot function with the notes apply() adds for it, every
  /// parameter's and return's device, whether the program reaches CUDA;
  /// each with the files it comes from. Every kind of fact the model
  /// resolves goes through here. The files' hashes are left empty.
  clang::tidy::torchsync::FactsFile exportFacts() const;

private:
  struct Impl;
  std::shared_ptr<Impl> P;
  bool ReachesCuda = true;
};

} // namespace torchsync

#endif // TORCHSYNC_DRIVER_RESOLVE_H
