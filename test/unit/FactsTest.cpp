//===--- FactsTest.cpp - Facts and conditions (program/Facts.h) -----------===//
//
// Part of torchsync. A finding's condition travels from the checks to the
// driver as the text of a note: what toNote() writes, fromNote() reads back
// unchanged (facts of every kind, a returns-at fact's call among them), and
// no other note is taken for one.
//
//===----------------------------------------------------------------------===//

#include "program/Facts.h"
#include "gtest/gtest.h"

using namespace clang::tidy::torchsync;

namespace {

ProgramFact fact(ProgramFact::KindType Kind, std::string Usr, unsigned Index,
                 std::string Name) {
  ProgramFact F;
  F.Kind = Kind;
  F.Usr = std::move(Usr);
  F.Index = Index;
  F.Name = std::move(Name);
  return F;
}

TEST(FactsTest, ConditionNoteRoundTrip) {
  Condition C;
  C.Hot.push_back(fact(ProgramFact::Hot, "c:@F@step#", 0, "step"));
  C.Devices.push_back(
      fact(ProgramFact::Parameter, "c:@F@load#&1$@N@at@S@Tensor#", 1, "load"));
  C.Devices.push_back(fact(ProgramFact::Returns, "c:@F@make#", 0, "make"));
  C.Host.push_back(fact(ProgramFact::Parameter, "c:@F@log#", 0, "log"));
  C.Cuda = true;
  std::optional<Condition> Back = Condition::fromNote(C.toNote());
  ASSERT_TRUE(Back);
  EXPECT_EQ(*Back, C);
  for (size_t I = 0; I != C.Devices.size(); ++I) {
    EXPECT_EQ(Back->Devices[I].Name, C.Devices[I].Name);
    EXPECT_EQ(Back->Devices[I].Index, C.Devices[I].Index);
  }
}

// An out-parameter's fact keeps its parameter and its element.
TEST(FactsTest, OutFactsRoundTrip) {
  Condition C;
  ProgramFact Out = fact(ProgramFact::Out, "c:@S@Loader@F@next#", 1, "next");
  Out.Element = 2;
  C.Host.push_back(Out);
  C.Host.push_back(fact(ProgramFact::Out, "c:@F@fill#", 0, "fill"));
  std::optional<Condition> Back = Condition::fromNote(C.toNote());
  ASSERT_TRUE(Back);
  EXPECT_EQ(*Back, C);
  ASSERT_EQ(Back->Host.size(), 2u);
  EXPECT_EQ(Back->Host[0].Kind, ProgramFact::Out);
  EXPECT_EQ(Back->Host[0].Index, 1u);
  EXPECT_EQ(Back->Host[0].Element, 2u);
  EXPECT_EQ(Back->Host[1].Element, 0u);
  Out.Element = 1;
  EXPECT_FALSE(Back->Host[0] == Out);
}

// What a function returns at one call keeps the call's place, whatever
// its file's name holds (the separators of the note's text and of the
// list, '%', spaces, a newline), and is told apart from the returns fact.
TEST(FactsTest, ReturnsAtFactsRoundTrip) {
  Condition C;
  ProgramFact At = fact(ProgramFact::ReturnsAt, "c:@F@load_squeezed#", 0,
                        "load_squeezed");
  At.File = "/p/my model;v2|50%/a b\nc.cpp";
  At.Offset = 4242;
  ProgramFact Element = At;
  Element.Index = 2;
  Element.File = "/p/model.cpp";
  Element.Offset = 0;
  C.Host = {At, Element};
  C.Devices = {fact(ProgramFact::Returns, "c:@F@load_squeezed#", 0,
                    "load_squeezed")};
  std::optional<Condition> Back = Condition::fromNote(C.toNote());
  ASSERT_TRUE(Back);
  EXPECT_EQ(*Back, C);
  ASSERT_EQ(Back->Host.size(), 2u);
  EXPECT_EQ(Back->Host[0].Kind, ProgramFact::ReturnsAt);
  EXPECT_EQ(Back->Host[0].Usr, "c:@F@load_squeezed#");
  EXPECT_EQ(Back->Host[0].File, At.File);
  EXPECT_EQ(Back->Host[0].Offset, 4242u);
  EXPECT_EQ(Back->Host[1].Index, 2u);
  EXPECT_EQ(Back->Host[1].File, "/p/model.cpp");
  EXPECT_FALSE(Back->Host[0] == Back->Devices[0]);
  ProgramFact Moved = At;
  Moved.Offset = 4243;
  EXPECT_FALSE(Back->Host[0] == Moved);
  // A place that cannot be read back drops that fact only.
  EXPECT_TRUE(decodeFacts("at 0 f c:@F@f# x /p/a.cpp").empty());
  EXPECT_TRUE(decodeFacts("at 0 f c:@F@f# 7 /p/a%2.cpp").empty());
  EXPECT_EQ(decodeFacts("at 0 f c:@F@f# 7|hot 0 g c:@F@g#").size(), 1u);
}

TEST(FactsTest, EmptyConditionRoundTrip) {
  Condition C;
  EXPECT_TRUE(C.empty());
  std::optional<Condition> Back = Condition::fromNote(C.toNote());
  ASSERT_TRUE(Back);
  EXPECT_TRUE(Back->empty());
  C.Cuda = true;
  EXPECT_FALSE(C.empty());
  EXPECT_TRUE(Condition::fromNote(C.toNote())->Cuda);
}

// Names are for messages only; the separators of the note's text in them
// (operators, templates) do not split a fact, and the key stays intact.
TEST(FactsTest, NamesWithSeparators) {
  Condition C;
  C.Hot.push_back(
      fact(ProgramFact::Hot, "c:@S@Net@F@operator()#", 0, "Net::operator()"));
  C.Devices.push_back(
      fact(ProgramFact::Parameter, "c:@F@operator==#", 1, "operator=="));
  C.Host.push_back(
      fact(ProgramFact::Returns, "c:@F@f#", 0, "f<a; b|c>"));
  std::optional<Condition> Back = Condition::fromNote(C.toNote());
  ASSERT_TRUE(Back);
  EXPECT_EQ(*Back, C);
  ASSERT_EQ(Back->Host.size(), 1u);
  EXPECT_EQ(Back->Host[0].Usr, "c:@F@f#");
  EXPECT_EQ(Back->Devices[0].Index, 1u);
}

TEST(FactsTest, OtherNotesAreNoConditions) {
  EXPECT_FALSE(Condition::fromNote("'step' is called on a hot path here"));
  EXPECT_FALSE(Condition::fromNote(""));
  EXPECT_FALSE(Condition::fromNote("hot=;device=;host=;cuda=1"));
}

} // namespace
