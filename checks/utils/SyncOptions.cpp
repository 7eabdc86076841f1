//===--- SyncOptions.cpp - Options shared by all torchsync checks ---------===//

#include "SyncOptions.h"
#include "program/Recorder.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace clang::tidy {

llvm::ArrayRef<std::pair<torchsync::UnknownDeviceMode, StringRef>>
OptionEnumMapping<torchsync::UnknownDeviceMode>::getEnumMapping() {
  static constexpr std::pair<torchsync::UnknownDeviceMode, StringRef>
      Mapping[] = {{torchsync::UnknownDeviceMode::Report, "report"},
                   {torchsync::UnknownDeviceMode::Ignore, "ignore"}};
  return Mapping;
}

llvm::ArrayRef<std::pair<torchsync::RuntimeDeviceMode, StringRef>>
OptionEnumMapping<torchsync::RuntimeDeviceMode>::getEnumMapping() {
  static constexpr std::pair<torchsync::RuntimeDeviceMode, StringRef>
      Mapping[] = {{torchsync::RuntimeDeviceMode::Report, "report"},
                   {torchsync::RuntimeDeviceMode::Ignore, "ignore"}};
  return Mapping;
}

namespace torchsync {

SyncOptions::SyncOptions(ClangTidyCheck::OptionsView &Options)
    : HotFunctions(optionList(Options.getLocalOrGlobal("HotFunctions", ""))),
      EntryPoints(optionList(Options.getLocalOrGlobal("EntryPoints", ""))),
      ReportOutsideLoops(Options.getLocalOrGlobal("ReportOutsideLoops", false)),
      UnknownDevice(
          Options.getLocalOrGlobal("UnknownDevice", UnknownDeviceMode::Report)),
      RuntimeDevice(
          Options.getLocalOrGlobal("RuntimeDevice", RuntimeDeviceMode::Report)),
      SummaryFile(Options.getLocalOrGlobal("SummaryFile", "")),
      RecordFacts(Options.getLocalOrGlobal(RecordFactsOption, false)),
      NoSummaryFile(Options.getLocalOrGlobal(NoSummaryFileOption, false)) {}

void SyncOptions::store(ClangTidyCheck::OptionsView &Options,
                        ClangTidyOptions::OptionMap &Opts) const {
  Options.store(Opts, "HotFunctions", llvm::join(HotFunctions, ";"));
  Options.store(Opts, "ReportOutsideLoops", ReportOutsideLoops);
  Options.store(Opts, "UnknownDevice", UnknownDevice);
  Options.store(Opts, "RuntimeDevice", RuntimeDevice);
  // Not stored while it has its default, so that dumped configurations do
  // not pin the summary file of the machine that dumped them.
  if (!SummaryFile.empty())
    Options.store(Opts, "SummaryFile", SummaryFile);
  if (!EntryPoints.empty())
    Options.store(Opts, "EntryPoints", llvm::join(EntryPoints, ";"));
}

} // namespace torchsync
} // namespace clang::tidy
