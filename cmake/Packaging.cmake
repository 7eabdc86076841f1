# What `cmake --install` puts besides the programs (which their own folders
# install), and the Debian package that CPack builds from it.
#
#   <prefix>/bin/torchsync, torchsync-verify, torchsync-build-probe
#   <prefix>/lib/libTorchSyncTidy.so              the clang-tidy-19 plugin
#   <prefix>/share/torchsync/python/              torchsync-verify's modules
#   <prefix>/share/torchsync/runtime-verify/      the probe's sources
#   <prefix>/share/doc/torchsync/                 README.md and docs/

# The docs: SARIF reports link each check's page here (driver/CMakeLists.txt).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
