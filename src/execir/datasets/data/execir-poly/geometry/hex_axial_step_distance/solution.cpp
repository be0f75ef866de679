#include <cstdlib>
#include <iostream>

long long hexDistance(long long q1, long long r1, long long q2, long long r2) {
    long long dq = q2 - q1, dr = r2 - r1;
    return (std::llabs(dq) + std::llabs(dr) + std::llabs(dq + dr)) / 2;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long q1, r1, q2, r2;
        std::cin >> q1 >> r1 >> q2 >> r2;
        std::cout << hexDistance(q1, r1, q2, r2) << "\n";
    }
    return 0;
}
