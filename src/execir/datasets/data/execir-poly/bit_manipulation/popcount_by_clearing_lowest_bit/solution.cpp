#include <iostream>

int countSetBits(long long n) {
    if (n < 0) return -1;
    int count = 0;
    while (n != 0) {
        n &= n - 1;
        count++;
    }
    return count;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long v;
        std::cin >> v;
        std::cout << countSetBits(v) << "\n";
    }
    return 0;
}
