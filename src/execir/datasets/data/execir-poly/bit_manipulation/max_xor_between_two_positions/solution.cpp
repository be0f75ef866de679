#include <iostream>
#include <vector>

long long maxPairXor(const std::vector<long long>& nums) {
    long long best = -1;
    for (size_t i = 0; i < nums.size(); i++) {
        for (size_t j = i + 1; j < nums.size(); j++) {
            long long value = nums[i] ^ nums[j];
            if (value > best) best = value;
        }
    }
    return best;
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<long long> nums(n);
    for (int i = 0; i < n; i++) std::cin >> nums[i];
    std::cout << maxPairXor(nums) << "\n";
    return 0;
}
