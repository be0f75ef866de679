#include <iostream>
#include <string>

std::string triangleKind(long long a, long long b, long long c) {
    if (!(a + b > c && a + c > b && b + c > a)) return "invalid";
    if (a == b && b == c) return "equilateral";
    if (a == b || b == c || a == c) return "isosceles";
    return "scalene";
}

int main() {
    long long a, b, c;
    while (std::cin >> a >> b >> c) {
        std::cout << triangleKind(a, b, c) << "\n";
    }
    return 0;
}
