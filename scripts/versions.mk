# Pinned inputs of the build. Changing a version here means re-measuring the
# build and the peer suites (see README.md).

# Inputs are fetched by their pool path (scripts/fetch-pinned.sh): the
# Debian mirror, then this dated snapshot of the archive, then apt; the
# sha256 decides. Debian's index drops a version once a newer one lands, the
# pool and the snapshot keep it.
DEBIAN_SNAPSHOT_DATE := 20260901T000000Z

# OpenJDK source: Debian trixie's openjdk-25 source package. Only the orig
# tarball is used; its sha256 was recorded when it was first fetched.
OPENJDK_DEB_VERSION  := 25.0.3+9-2~deb13u1
OPENJDK_ORIG_TARBALL := openjdk-25_25.0.3+9.orig.tar.xz
OPENJDK_ORIG_SHA256  := 2dd6c441b49705480db1ebfcd03f43d5dcb7f1d4290e98c1fa6eeefae50cfa07
OPENJDK_ORIG_TOPDIR  := openjdk-25-25.0.3+9

# jtreg 8 (the JDK 25 test tree requires 8+2): Debian trixie's jtreg8, which
# bundles JT Harness, asmtools, jcommander, TestNG and the JUnit 5 console
# (with hamcrest) in its lib/.
JTREG_DEB_VERSION    := 8.1+1+ds1-1~deb13u1
JTREG_DEB_SHA256     := b1d8dd9800ddc7b4dbf3d7b45b0172e41596d05d41e0666eca1b5929338d6deb
