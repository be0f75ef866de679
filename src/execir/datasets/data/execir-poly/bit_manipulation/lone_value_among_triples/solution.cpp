#include <iostream>
#include <vector>

long long loneValue(const std::vector<long long>& nums) {
    long long result = 0;
    for (int bit = 0; bit < 31; bit++) {
        int count = 0;
        for (long long x : nums) count += (x >> bit) & 1;
        if (count % 3 == 1) result |= 1LL << bit;
    }
    return result;
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<long long> nums(n);
    for (int i = 0; i < n; i++) std::cin >> nums[i];
    std::cout << loneValue(nums) << "\n";
    return 0;
}
