# What `cmake --install` puts besides the programs (which their own folders
# install), and the Debian package that CPack builds from it.
#
#   <prefix>/bin/torchsync, torchsync-verify, torchsync-build-probe
#   <prefix>/lib/libTorchSyncTidy.so              the clang-tidy-19 plugin
#   <prefix>/share/torchsync/python/              torchsync-verify's modules
#   <prefix>/share/torchsync/runtime-verify/      the probe's sources
#   <prefix>/share/doc/torchsync/                 README.md and docs/

# The docs: SARIF reports link each check's page here (driver/CMakeLists.txt).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}
        PATTERN "*.py" EXCLUDE)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})

# ---- The Debian package: cpack -G DEB in the build tree --------------------
# builds torchsync_<version>_amd64.deb with all of the above under /usr. The
# programs link Debian 12's LLVM 19 shared libraries, which the dynamic
# loader finds in /usr/lib/x86_64-linux-gnu without an RPATH:
#   libclang-cpp.so.19.1   libclang-cpp19
#   libLLVM.so.19.1        libllvm19
# The plugin resolves clang-tidy's symbols from clang-tidy-19, which loads it;
# the driver reads clang's builtin headers from /usr/lib/clang/19
# (libclang-common-19-dev, which clang-tidy-19 also depends on).
# torchsync-verify and torchsync-build-probe need python3 and bash; the probe's
# build needs cmake and the CUDA toolkit, which only the CUDA machine has.
set(CPACK_PACKAGE_NAME torchsync)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR torchsync)
set(CPACK_PACKAGE_CONTACT "torchsync developers <dev@torchsync.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "finds host-device synchronizations in LibTorch C++ code")
set(CPACK_PACKAGE_DESCRIPTION
    "A clang-tidy module (a plugin for clang-tidy-19 and the torchsync driver)
that finds the places where C++ code written against LibTorch makes the host
wait for the GPU in hot code, torchsync-clangd (clangd with these checks, for
editors), and the runtime verifier (torchsync-verify) with the sources of its
CUDA probe.")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# The first five are what dpkg-shlibdeps computes for the programs
# (test/package/deb-shlibdeps.test compares); Debian's LLVM packages have the
# epoch 1.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libc6 (>= 2.34), libstdc++6 (>= 11), libgcc-s1 (>= 3.0), libllvm${TORCHSYNC_LLVM_MAJOR}, libclang-cpp${TORCHSYNC_LLVM_MAJOR} (>= 1:${LLVM_PACKAGE_VERSION}), clang-tidy-${TORCHSYNC_LLVM_MAJOR}, libclang-common-${TORCHSYNC_LLVM_MAJOR}-dev, python3")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libtorch-dev, cmake, ninja-build, binutils")
# The programs have the docs' path compiled in (the SARIF links,
# driver/CMakeLists.txt): a package for /usr must come from a build
# configured for /usr.
set(TORCHSYNC_CPACK_CONFIG ${PROJECT_BINARY_DIR}/TorchSyncCPackConfig.cmake)
file(CONFIGURE OUTPUT ${TORCHSYNC_CPACK_CONFIG} CONTENT [[
if(CPACK_GENERATOR STREQUAL "DEB"
   AND NOT "@CMAKE_INSTALL_PREFIX@" STREQUAL CPACK_PACKAGING_INSTALL_PREFIX)
  message(FATAL_ERROR "torchsync: the build is configured for "
    "CMAKE_INSTALL_PREFIX=@CMAKE_INSTALL_PREFIX@ but the package installs under "
    "${CPACK_PACKAGING_INSTALL_PREFIX}, and the programs name their installed "
    "docs: reconfigure with -DCMAKE_INSTALL_PREFIX=${CPACK_PACKAGING_INSTALL_PREFIX}")
endif()
]] @ONLY)
set(CPACK_PROJECT_CONFIG_FILE ${TORCHSYNC_CPACK_CONFIG})
include(CPack)
